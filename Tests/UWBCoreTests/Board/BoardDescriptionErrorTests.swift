import Foundation
import Testing
import UWBCore

/// One test per kind of mistake: each must throw a ``BoardDescriptionError`` whose message starts
/// with the JSON field path and says what is wrong.
@Suite("Board description errors")
struct BoardDescriptionErrorTests {
    typealias Step = BoardFixtures.Step

    /// The shipped board `id` with one value changed, decoded, expecting an error about `field`.
    func expect(
        _ id: String, _ path: [Step], set value: Any?, field: String, containing fragment: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let data = try BoardFixtures.edited(id, path, to: value)
        BoardFixtures.expectError(data, field: field, containing: fragment, sourceLocation: sourceLocation)
    }

    @Test("antenna position with two numbers")
    func positionCount() throws {
        let data = try BoardFixtures.edited(
            "ft232h-dw1000-dual", [.key("chips"), .index(1), .key("antenna"), .key("position")], to: [0.0208, 0])
        let error = BoardFixtures.expectError(data, field: "chips[1].antenna.position", containing: "")
        #expect(error?.description == "chips[1].antenna.position: expected 3 numbers in metres, got 2")
    }

    @Test("antenna position in millimetres instead of metres")
    func positionInMillimetres() throws {
        try expect(
            "ft232h-dw1000-dual", [.key("chips"), .index(1), .key("antenna"), .key("position")], set: [20.8, 0, 0],
            field: "chips[1].antenna.position[0]", containing: "20.8 m is more than 1 m from the board origin")
    }

    @Test("TX antenna delay that does not fit TX_ANTD")
    func txDelayTooLarge() throws {
        let data = try BoardFixtures.edited(
            "ft232h-dw1000-single", [.key("chips"), .index(0), .key("calibration"), .key("txAntennaDelay")], to: 70000)
        let error = BoardFixtures.expectError(data, field: "chips[0].calibration.txAntennaDelay", containing: "")
        #expect(
            error?.description.hasPrefix(
                "chips[0].calibration.txAntennaDelay: 70000 does not fit the 16-bit TX_ANTD register (0...65535)")
                == true)
    }

    @Test("negative RX antenna delay")
    func rxDelayNegative() throws {
        try expect(
            "ft232h-dw1000-single", [.key("chips"), .index(0), .key("calibration"), .key("rxAntennaDelay")], set: -1,
            field: "chips[0].calibration.rxAntennaDelay", containing: "-1 does not fit the 16-bit LDE_RXANTD register")
    }

    @Test("USB id that is not hexadecimal")
    func vendorIDNotHex() throws {
        let data = try BoardFixtures.edited("ft232h-dw1000-single", [.key("usb"), .key("vendorId")], to: "0x04g3")
        let error = BoardFixtures.expectError(data, field: "usb.vendorId", containing: "")
        #expect(error?.description.hasPrefix(#"usb.vendorId: "0x04g3" is not a hexadecimal number"#) == true)
    }

    @Test("USB id wider than 16 bits", arguments: ["0x10000", "", "0x", "-403"])
    func productIDTooWide(text: String) throws {
        try expect(
            "ft232h-dw1000-single", [.key("usb"), .key("productId")], set: text,
            field: "usb.productId", containing: "is not a hexadecimal number from 0x0000 to 0xFFFF")
    }

    @Test("USB ids are read with or without 0x")
    func usbIDForms() throws {
        let data = try BoardFixtures.edited("ft232h-dw1000-single", [.key("usb"), .key("productId")], to: "6014")
        #expect(try BoardDescription(jsonData: data).usb.productID == 0x6014)
    }

    @Test("four chips")
    func tooManyChips() throws {
        let chips = try #require(try BoardFixtures.json(of: "ft232h-dw1000-triple") as? [String: Any])["chips"] as? [Any]
        let four = try #require(chips) + [try #require(chips?.last)]
        let data = try BoardFixtures.edited("ft232h-dw1000-triple", [.key("chips")], to: four)
        let error = BoardFixtures.expectError(data, field: "chips", containing: "")
        #expect(error?.description == "chips: 4 chips, but a board has 1 to 3")
    }

    @Test("no chips")
    func noChips() throws {
        try expect("ft232h-dw1000-single", [.key("chips")], set: [Any](), field: "chips", containing: "0 chips")
    }

    @Test("two chips with one chip select")
    func duplicateChipSelect() throws {
        try expect(
            "ft232h-dw1000-dual", [.key("chips"), .index(1), .key("chipSelect")], set: 0,
            field: "chips[1].chipSelect", containing: "chip select 0 is already used by chips[0].chipSelect")
    }

    @Test("chip select outside 0..<chips", arguments: [2, -1])
    func chipSelectOutOfRange(index: Int) throws {
        try expect(
            "ft232h-dw1000-dual", [.key("chips"), .index(1), .key("chipSelect")], set: index,
            field: "chips[1].chipSelect", containing: "\(index) is not a chip-select index of this board; with 2 chips use 0...1")
    }

    @Test("two chips with one CS pin")
    func duplicateCSPin() throws {
        try expect(
            "ft232h-dw1000-dual", [.key("chips"), .index(1), .key("wiring"), .key("cs")], set: "ADBUS3",
            field: "chips[1].wiring.cs", containing: "ADBUS3 is already used as chips[0].wiring.cs")
    }

    @Test("an IRQ pin that is another chip's reset line")
    func irqOnResetPin() throws {
        try expect(
            "ft232h-dw1000-dual", [.key("chips"), .index(1), .key("wiring"), .key("irq")], set: "ADBUS4",
            field: "chips[1].wiring.irq", containing: "ADBUS4 is already used as chips[0].wiring.reset")
    }

    @Test("a reset line that is another chip's IRQ")
    func resetOnIRQPin() throws {
        try expect(
            "ft232h-dw1000-dual", [.key("chips"), .index(1), .key("wiring"), .key("reset")], set: "ADBUS5",
            field: "chips[1].wiring.reset", containing: "ADBUS5 is already used as chips[0].wiring.irq")
    }

    @Test("one chip's CS and reset on the same pin")
    func samePinWithinChip() throws {
        try expect(
            "ft232h-dw1000-single", [.key("chips"), .index(0), .key("wiring"), .key("reset")], set: "ADBUS3",
            field: "chips[0].wiring.reset", containing: "ADBUS3 is already used as chips[0].wiring.cs")
    }

    @Test("SPI data pins as CS, IRQ or reset", arguments: [("cs", "ADBUS0"), ("irq", "ADBUS2"), ("reset", "ADBUS1")])
    func spiPin(line: String, pin: String) throws {
        try expect(
            "ft232h-dw1000-single", [.key("chips"), .index(0), .key("wiring"), .key(line)], set: pin,
            field: "chips[0].wiring.\(line)", containing: "\(pin) carries SPI")
    }

    @Test("pin names that are not FT232H MPSSE pins", arguments: ["ADBUS9", "ACBUS8", "adbus3", "D3"])
    func unknownPin(name: String) throws {
        try expect(
            "ft232h-dw1000-single", [.key("chips"), .index(0), .key("wiring"), .key("irq")], set: name,
            field: "chips[0].wiring.irq", containing: "\"\(name)\" is not an FT232H pin usable in MPSSE mode")
    }

    @Test("SPI clock before PLL lock above 3 MHz")
    func initialClockTooFast() throws {
        try expect(
            "ft232h-dw1000-single", [.key("spi"), .key("initialClockHz")], set: 4_000_000,
            field: "spi.initialClockHz", containing: "4000000 Hz is above 3000000 Hz")
    }

    @Test("fast SPI clock above 20 MHz")
    func fastClockTooFast() throws {
        try expect(
            "ft232h-dw1000-single", [.key("spi"), .key("fastClockHz")], set: 30_000_000,
            field: "spi.fastClockHz", containing: "30000000 Hz is above 20000000 Hz")
    }

    @Test("SPI clock written in megahertz")
    func clockInMegahertz() throws {
        try expect(
            "ft232h-dw1000-single", [.key("spi"), .key("initialClockHz")], set: 2,
            field: "spi.initialClockHz", containing: "below the FT232H's slowest SCK")
    }

    @Test("fast clock slower than the initial clock")
    func fastBelowInitial() throws {
        try expect(
            "ft232h-dw1000-single", [.key("spi"), .key("fastClockHz")], set: 1_000_000,
            field: "spi.fastClockHz", containing: "is slower than initialClockHz")
    }

    @Test("SPI mode other than 0")
    func spiMode() throws {
        try expect(
            "ft232h-dw1000-single", [.key("spi"), .key("mode")], set: 1,
            field: "spi.mode", containing: "mode 1 is not supported; use 0")
    }

    @Test("unknown chip model and bridge")
    func unsupportedNames() throws {
        try expect(
            "ft232h-dw1000-single", [.key("chips"), .index(0), .key("model")], set: "DW3000",
            field: "chips[0].model", containing: #""DW3000" is not supported; use "DW1000""#)
        try expect(
            "ft232h-dw1000-single", [.key("usb"), .key("bridge")], set: "CH341A",
            field: "usb.bridge", containing: #""CH341A" is not supported; use "FT232H""#)
    }

    @Test("phase offset in degrees instead of radians")
    func phaseOffsetRange() throws {
        try expect(
            "ft232h-dw1000-dual", [.key("chips"), .index(1), .key("calibration"), .key("phaseOffset")], set: 45,
            field: "chips[1].calibration.phaseOffset", containing: "45 rad is outside −π...π")
    }

    @Test("a calibrated phase offset on a non-reference chip is accepted")
    func phaseOffsetAccepted() throws {
        let data = try BoardFixtures.edited(
            "ft232h-dw1000-dual", [.key("chips"), .index(1), .key("calibration"), .key("phaseOffset")], to: -0.75)
        #expect(try BoardDescription(jsonData: data).chips[1].calibration.phaseOffset == Angle(radians: -0.75))
    }

    @Test("a phase offset on the reference chip")
    func referencePhaseOffset() throws {
        try expect(
            "ft232h-dw1000-dual", [.key("chips"), .index(0), .key("calibration"), .key("phaseOffset")], set: 0.5,
            field: "chips[0].calibration.phaseOffset", containing: "this chip is the phase reference of clock \"shared-oscillator\"")
    }

    @Test("a number too large for JSON is reported by the parser")
    func hugeNumber() throws {
        let text = try String(contentsOfFile: BoardFixtures.path(of: "ft232h-dw1000-single"), encoding: .utf8)
            .replacingOccurrences(of: #""phaseOffset": 0"#, with: #""phaseOffset": 1e400"#)
        BoardFixtures.expectError(Data(text.utf8), field: nil, containing: "1e400")
    }

    @Test("non-finite numbers through the Swift initializer")
    func notFinite() throws {
        let single = try BoardDescription.load(from: BoardFixtures.path(of: "ft232h-dw1000-single"))
        var chip = try #require(single.chips.first)
        chip.antennaPositions = [Position(metres: Vector3(x: 0, y: .nan, z: 0))]
        let positionError = #expect(throws: BoardDescriptionError.self) {
            try BoardDescription(id: single.id, name: single.name, summary: single.summary, usb: single.usb, spi: single.spi, chips: [chip])
        }
        #expect(positionError == .notFinite(field: "chips[0].antenna.position[1]"))
        #expect(positionError?.description == "chips[0].antenna.position[1]: not a finite number")

        let spi = SPISettings(initialClock: Frequency(hertz: .infinity), fastClock: .megahertz(8), mode: 0)
        let clockError = #expect(throws: BoardDescriptionError.self) {
            try BoardDescription(id: single.id, name: single.name, summary: single.summary, usb: single.usb, spi: spi, chips: single.chips)
        }
        #expect(clockError?.field == "spi.initialClockHz")
    }

    @Test("the Swift initializer accepts what the decoder accepts")
    func swiftInitializer() throws {
        let dual = try BoardDescription.load(from: BoardFixtures.path(of: "ft232h-dw1000-dual"))
        let rebuilt = try BoardDescription(
            id: dual.id, name: dual.name, summary: dual.summary, usb: dual.usb, spi: dual.spi, chips: dual.chips)
        #expect(rebuilt == dual)
    }

    @Test("unknown keys are rejected by name", arguments: [
        ([Step](), "chipz", "chipz"),
        ([.key("chips"), .index(0)], "chipselect", "chips[0].chipselect"),
        ([.key("chips"), .index(1), .key("calibration")], "txAntennaDelayTicks", "chips[1].calibration.txAntennaDelayTicks"),
        ([.key("usb")], "vendorID", "usb.vendorID"),
    ])
    func unknownKey(parent: [Step], key: String, field: String) throws {
        try expect(
            "ft232h-dw1000-dual", parent + [.key(key)], set: 1, field: field, containing: "unknown key; allowed here: ")
    }

    @Test("missing keys", arguments: [
        ([Step.key("name")], "name"),
        ([.key("chips"), .index(0), .key("clock")], "chips[0].clock"),
        ([.key("spi"), .key("mode")], "spi.mode"),
        ([.key("chips"), .index(0), .key("antenna"), .key("position")], "chips[0].antenna.position"),
    ])
    func missingKey(path: [Step], field: String) throws {
        try expect("ft232h-dw1000-single", path, set: nil, field: field, containing: "missing")
    }

    @Test("values of the wrong type")
    func wrongType() throws {
        try expect(
            "ft232h-dw1000-single", [.key("spi"), .key("fastClockHz")], set: "8 MHz",
            field: "spi.fastClockHz", containing: #"expected a number, got a string ("8 MHz")"#)
        try expect(
            "ft232h-dw1000-single", [.key("chips"), .index(0), .key("chipSelect")], set: true,
            field: "chips[0].chipSelect", containing: "expected a number, got true")
        try expect(
            "ft232h-dw1000-single", [.key("usb")], set: [1, 2],
            field: "usb", containing: "expected an object, got an array")
    }

    @Test("whole numbers with a fraction or out of range")
    func wholeNumbers() throws {
        try expect(
            "ft232h-dw1000-single", [.key("chips"), .index(0), .key("chipSelect")], set: 0.5,
            field: "chips[0].chipSelect", containing: "0.5 is not a whole number")
        try expect(
            "ft232h-dw1000-single", [.key("chips"), .index(0), .key("calibration"), .key("txAntennaDelay")], set: 1e30,
            field: "chips[0].calibration.txAntennaDelay", containing: "is far too large")
    }

    @Test("id that is not kebab-case", arguments: ["FT232H-single", "two--hyphens", "-leading", "with space", ""])
    func invalidID(id: String) throws {
        try expect("ft232h-dw1000-single", [.key("id")], set: id, field: "id", containing: "is not kebab-case")
    }

    @Test("empty name, description and clock")
    func emptyText() throws {
        try expect("ft232h-dw1000-single", [.key("name")], set: " ", field: "name", containing: "must not be empty")
        try expect("ft232h-dw1000-single", [.key("description")], set: "", field: "description", containing: "must not be empty")
        try expect(
            "ft232h-dw1000-single", [.key("chips"), .index(0), .key("clock")], set: "",
            field: "chips[0].clock", containing: "must not be empty")
    }

    @Test("bad JSON gives the parser's message")
    func badJSON() throws {
        let error = BoardFixtures.expectError(Data(#"{"id": "x", "name" 1}"#.utf8), field: nil, containing: "not valid JSON: ")
        if case .malformedJSON(let reason) = error {
            #expect(!reason.isEmpty)
        } else {
            Issue.record("expected malformedJSON, got \(String(describing: error))")
        }
    }

    @Test("missing file")
    func missingFile() throws {
        let path = BoardFixtures.boardsDirectory + "/no-such-board.json"
        let error = #expect(throws: BoardDescriptionError.self) { try BoardDescription.load(from: path) }
        let description = try #require(error?.description)
        #expect(description.hasPrefix("cannot read \(path): "))
        #expect(description.hasSuffix("; check the path"))
        #expect(description.contains("No such file or directory"))
    }

    @Test("id that differs from the file name; errors from a file name the file")
    func idMismatch() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("swift-uwb-board-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("my-board.json").path
        try Data(contentsOf: URL(fileURLWithPath: BoardFixtures.path(of: "ft232h-dw1000-single"))).write(to: URL(fileURLWithPath: path))

        let error = #expect(throws: BoardDescriptionError.self) { try BoardDescription.load(from: path) }
        #expect(error == .inFile(path: path, error: .idMismatch(id: "ft232h-dw1000-single", fileName: "my-board")))
        #expect(error?.field == "id")
        #expect(error?.description.hasPrefix("\(path): id: \"ft232h-dw1000-single\" differs from the file name \"my-board\"") == true)
    }
}
