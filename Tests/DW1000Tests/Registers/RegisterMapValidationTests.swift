import RegisterMapGenerator
import Foundation
import Testing

/// Each validation rule of the register-map JSON rejects a bad document with an error naming the path.
@Suite struct RegisterMapValidationTests {
    /// A document holding `files` (JSON objects separated by commas).
    private static func document(_ files: String) -> Data {
        Data(#"{"device": "DW1000", "source": "test", "files": [\#(files)]}"#.utf8)
    }

    /// A register file object with the given keys overriding or adding to a valid SYS_STATUS.
    private static func file(
        id: String = "0x0F",
        name: String = "SYS_STATUS",
        length: Int = 5,
        access: String = "SRW",
        section: String = "7.2.17",
        extra: String = ""
    ) -> String {
        #"{"id": "\#(id)", "name": "\#(name)", "length": \#(length), "access": "\#(access)", "#
            + #""section": "\#(section)", "description": "Status."\#(extra)}"#
    }

    private static func field(_ name: String, _ low: Int, _ high: Int, extra: String = "") -> String {
        #"{"name": "\#(name)", "bits": [\#(low), \#(high)], "description": "A field."\#(extra)}"#
    }

    private static func subregister(_ offset: String, _ name: String, length: Int, extra: String = "") -> String {
        #"{"offset": "\#(offset)", "name": "\#(name)", "length": \#(length), "access": "RW", "#
            + #""section": "7.2.47", "description": "Sub."\#(extra)}"#
    }

    private static let cases: [(json: String, error: RegisterMapError)] = [
        (
            #"{"id": "0x0F", "length": 5, "access": "RW", "section": "7.2.17", "description": "x"}"#,
            .malformedJSON(path: "files[0].name", detail: "the key is missing")
        ),
        (file(section: " "), .emptyText(path: "files[0].section")),
        (file(id: "0F"), .invalidHex(path: "files[0].id", text: "0F")),
        (file(id: "0x+F"), .invalidHex(path: "files[0].id", text: "0x+F")),
        (file(id: "0x40"), .fileIDOutOfRange(path: "files[0].id", id: 0x40, maximum: 0x3F)),
        (file(access: "RWD"), .invalidValue(path: "files[0].access", value: "RWD", allowed: ["RO", "WO", "RW", "SRW", "ROD"])),
        (file(access: "W1C"), .invalidValue(path: "files[0].access", value: "W1C", allowed: ["RO", "WO", "RW", "SRW", "ROD"])),
        (file(name: "SYS STATUS"), .invalidName(path: "files[0].name", name: "SYS STATUS")),
        (file(name: "SYS__STATUS"), .invalidName(path: "files[0].name", name: "SYS__STATUS")),
        (file(name: "0X"), .invalidName(path: "files[0].name", name: "0X")),
        (file(name: "ALL"), .reservedName(path: "files[0].name", name: "ALL")),
        (file(length: 0), .invalidLength(path: "files[0].length", length: 0, lastOctet: 0x7FFF)),
        (file(length: 0x8001), .invalidLength(path: "files[0].length", length: 0x8001, lastOctet: 0x7FFF)),
        (
            file() + "," + file(id: "0x10"),
            .duplicateName(path: "files[1].name", name: "SYS_STATUS", firstPath: "files[0].name")
        ),
        (
            file() + "," + file(name: "OTHER"),
            .duplicateFileID(path: "files[1].id", id: 0x0F, firstPath: "files[0].id")
        ),
        (
            file(name: "DRX_CONF", length: 46, extra: #", "subregisters": ["#
                + subregister("0x02", "DRX_TUNE0b", length: 2) + ","
                + subregister("0x04", "DRX_TUNE0B", length: 2) + "]"),
            .duplicateName(
                path: "files[0].subregisters[1].name",
                name: "DRX_TUNE0B",
                firstPath: "files[0].subregisters[0].name"
            )
        ),
        (
            file(name: "LDE_IF", length: 0x2806, extra: #", "subregisters": ["#
                + subregister("0x2805", "LDE_REPC", length: 2) + "]"),
            .subregisterBeyondFile(path: "files[0].subregisters[0]", end: 0x2807, fileLength: 0x2806)
        ),
        (
            file(name: "LDE_IF", length: 0x2806, extra: #", "subregisters": ["#
                + subregister("0x8000", "LDE_REPC", length: 2) + "]"),
            .subIndexOutOfRange(path: "files[0].subregisters[0].offset", offset: 0x8000, maximum: 0x7FFF)
        ),
        (
            file(name: "RX_TIME", length: 14, extra: #", "subregisters": ["#
                + subregister("0x00", "RX_STAMP", length: 5) + ","
                + subregister("0x04", "FP_INDEX", length: 2) + "]"),
            .overlappingSubregisters(path: "files[0].subregisters[1]", name: "FP_INDEX", other: "RX_STAMP")
        ),
        (file(extra: #", "reset": "0x010000000000""#), .resetTooWide(path: "files[0].reset", octets: 5)),
        (file(extra: #", "reset": "DECA""#), .invalidHex(path: "files[0].reset", text: "DECA")),
        (
            file(name: "TX_BUFFER", length: 1024, extra: #", "reset": "0x00""#),
            .resetTooWide(path: "files[0].reset", octets: 1024)
        ),
        (file(extra: #", "fields": [\#(field("RXFCG", 15, 14))]"#), .invalidBitRange(path: "files[0].fields[0].bits", bits: [15, 14])),
        (
            file(extra: #", "fields": [{"name": "X", "bits": [3], "description": "d"}]"#),
            .invalidBitRange(path: "files[0].fields[0].bits", bits: [3])
        ),
        (
            file(extra: #", "fields": [\#(field("A", 0, 1)), \#(field("B", 1, 2))]"#),
            .overlappingFields(path: "files[0].fields[1].bits", field: "B", other: "A")
        ),
        (
            file(extra: #", "fields": [\#(field("A", 0, 0)), \#(field("A", 1, 1))]"#),
            .duplicateName(path: "files[0].fields[1].name", name: "A", firstPath: "files[0].fields[0].name")
        ),
        (file(extra: #", "fields": [\#(field("FIELDS", 0, 0))]"#), .reservedName(path: "files[0].fields[0].name", name: "FIELDS")),
        (
            file(extra: #", "fields": [\#(field("RXFCG", 14, 14, extra: #", "access": "XX""#))]"#),
            .invalidValue(
                path: "files[0].fields[0].access",
                value: "XX",
                allowed: ["RO", "WO", "RW", "SRW", "ROD", "W1C", "SC"]
            )
        ),
        (
            file(extra: #", "fields": [\#(field("RXFCG", 14, 14, extra: #", "clearedBy": "RX""#))]"#),
            .invalidValue(path: "files[0].fields[0].clearedBy", value: "RX", allowed: ["RX enable", "TX enable"])
        ),
        (
            file(name: "RX_TIME", length: 14, extra: #", "fields": [\#(field("RX_RAWST", 72, 111))]"#),
            .fieldBeyondWord(path: "files[0].fields[0].bits", bit: 111)
        ),
        (
            file(name: "LDE_IF", length: 0x2806, extra: #", "subregisters": ["#
                + subregister("0x0000", "LDE_THRESH", length: 2) + ","
                + subregister("0x0806", "LDE_CFG1", length: 1) + ","
                + subregister("0x1000", "LDE_PPINDX", length: 2) + ","
                + subregister("0x1804", "LDE_RXANTD", length: 5, extra: #", "fields": [\#(field("A", 0, 3)), \#(field("B", 4, 7)), \#(field("C", 38, 40))]"#)
                + "]"),
            .fieldBeyondRegister(path: "files[0].subregisters[3].fields[2].bits", bit: 40, octets: 5)
        ),
    ]

    @Test(arguments: cases)
    func rejectsBadDocument(json: String, error: RegisterMapError) {
        #expect(throws: error) {
            try RegisterMap(json: Self.document(json), layout: .dw1000)
        }
    }

    @Test func rejectsNonJSON() {
        #expect(throws: RegisterMapError.self) {
            try RegisterMap(json: Data("{ not json".utf8), layout: .dw1000)
        }
    }

    @Test func errorDescriptionNamesPathAndProblem() {
        let error = RegisterMapError.fieldBeyondRegister(
            path: "files[12].subregisters[3].fields[2].bits",
            bit: 40,
            octets: 5
        )
        #expect(error.description.hasPrefix(
            "files[12].subregisters[3].fields[2].bits: bit 40 is beyond the register's 5 octets"
        ))
    }

    @Test func acceptsValidDocumentAndSortsByFileAndOffset() throws {
        let json = Self.file(name: "PMSC", length: 48, extra: #", "subregisters": ["#
            + Self.subregister("0x04", "PMSC_CTRL1", length: 4) + ","
            + Self.subregister("0x00", "PMSC_CTRL0", length: 4, extra: #", "reset": "0xF0300200""#) + "]")
            + "," + Self.file(id: "0x00", name: "DEV_ID", length: 4, access: "RO", extra: #", "fields": [\#(Self.field("RIDTAG", 16, 31)), \#(Self.field("REV", 0, 3))]"#)
        let map = try RegisterMap(json: Self.document(json), layout: .dw1000)
        #expect(map.device == "DW1000")
        #expect(map.registers.map(\.name) == ["DEV_ID", "PMSC", "PMSC_CTRL0", "PMSC_CTRL1"])
        #expect(map.registers[0].fields.map(\.name) == ["REV", "RIDTAG"])
        #expect(map.registers[0].fields[0].access == .readOnly)
        #expect(map.registers[2].parent == "PMSC")
        #expect(map.registers[2].resetValue == 0xF030_0200)
    }
}
