import UWBCore

/// Why a register-map JSON document was rejected. Every case names the JSON path of the
/// offending value, for example `files[12].subregisters[3].fields[2].bits`.
public enum RegisterMapError: Error, Equatable, CustomStringConvertible {
    /// The text is not JSON of the documented shape.
    case malformedJSON(path: String, detail: String)
    /// A text value is empty.
    case emptyText(path: String)
    /// A value is not hex text of the form `0x1F`.
    case invalidHex(path: String, text: String)
    /// A value is not one of the allowed words.
    case invalidValue(path: String, value: String, allowed: [String])
    /// A mnemonic is not letters and digits in `_`-separated tokens starting with a letter.
    case invalidName(path: String, name: String)
    /// A mnemonic would clash with a member the generated code already has.
    case reservedName(path: String, name: String)
    /// Two registers, or two fields of one register, have the same (Swift) name.
    case duplicateName(path: String, name: String, firstPath: String)
    /// Two register files have the same ID.
    case duplicateFileID(path: String, id: UInt8, firstPath: String)
    /// The document describes another chip than the one asked for.
    case wrongDevice(path: String, device: String, expected: String)
    /// A register file ID is above the chip's largest (0x3F on the DW1000, 0x1F on the DW3000).
    case fileIDOutOfRange(path: String, id: UInt64, maximum: UInt64)
    /// A sub-register offset is beyond the largest an SPI header of the chip can carry
    /// (0x7FFF on the DW1000, 0x7F on the DW3000).
    case subIndexOutOfRange(path: String, offset: UInt64, maximum: UInt64)
    /// A length is below 1 or reaches past the chip's last addressable octet `lastOctet`.
    case invalidLength(path: String, length: Int, lastOctet: UInt64)
    /// A sub-register reaches past the end of its register file.
    case subregisterBeyondFile(path: String, end: UInt64, fileLength: Int)
    /// Two sub-registers of one file share octets.
    case overlappingSubregisters(path: String, name: String, other: String)
    /// A reset value is given for a register longer than 8 octets, or needs more octets than it has.
    case resetTooWide(path: String, octets: Int)
    /// `bits` is not `[low, high]` with `0 <= low <= high`.
    case invalidBitRange(path: String, bits: [Int])
    /// A field reaches past the register's last bit.
    case fieldBeyondRegister(path: String, bit: Int, octets: Int)
    /// A field reaches past bit 63, which a 64-bit register word cannot hold.
    case fieldBeyondWord(path: String, bit: Int)
    /// Two fields of one register share bits.
    case overlappingFields(path: String, field: String, other: String)

    /// What is wrong, where, and what to do about it.
    public var description: String {
        switch self {
        case let .malformedJSON(path, detail):
            "\(path): \(detail); fix the JSON so it matches Hardware/dw1000/README.md."
        case let .emptyText(path):
            "\(path): the text is empty; write a non-empty value."
        case let .invalidHex(path, text):
            "\(path): \"\(text)\" is not hex; write 0x followed by 1-16 hex digits, e.g. \"0x0F\"."
        case let .invalidValue(path, value, allowed):
            "\(path): \"\(value)\" is not allowed; use one of \(allowed.joined(separator: ", "))."
        case let .invalidName(path, name):
            "\(path): \"\(name)\" is not a mnemonic; use letters and digits in _-separated tokens, "
                + "starting with a letter, e.g. SYS_STATUS."
        case let .reservedName(path, name):
            "\(path): \"\(name)\" clashes with a member of the generated code; rename it."
        case let .duplicateName(path, name, firstPath):
            "\(path): \"\(name)\" has the same Swift name as \(firstPath); give one of them another name."
        case let .duplicateFileID(path, id, firstPath):
            "\(path): register file 0x\(hexDigits(UInt64(id), count: 2)) is already defined at \(firstPath); "
                + "merge the two or fix the ID."
        case let .wrongDevice(path, device, expected):
            "\(path): the map describes \"\(device)\", not the \(expected); pass the \(expected)'s map or choose the chip it describes."
        case let .fileIDOutOfRange(path, id, maximum):
            "\(path): register file ID 0x\(hexDigits(id, count: 2)) is beyond 0x\(hexDigits(maximum, count: 2)); "
                + "use an ID from 0x00 to 0x\(hexDigits(maximum, count: 2))."
        case let .subIndexOutOfRange(path, offset, maximum):
            "\(path): sub-index 0x\(hexDigits(offset, count: 4)) is beyond 0x\(hexDigits(maximum, count: 4)), the largest an SPI header "
                + "can address; fix the offset."
        case let .invalidLength(path, length, lastOctet):
            "\(path): length \(length) is invalid; use 1 or more octets ending at or below octet 0x\(hexDigits(lastOctet, count: 4))."
        case let .subregisterBeyondFile(path, end, fileLength):
            "\(path): the sub-register ends at octet \(end), beyond the file's \(fileLength) octets; "
                + "fix its offset or length, or lengthen the file."
        case let .overlappingSubregisters(path, name, other):
            "\(path): \(name) shares octets with \(other); fix their offsets or lengths."
        case let .resetTooWide(path, octets):
            "\(path): the reset value does not fit a \(octets)-octet register (at most 8 octets are supported); "
                + "fix the value or leave it out."
        case let .invalidBitRange(path, bits):
            "\(path): \(bits) is not a bit range; write [low, high] with 0 <= low <= high."
        case let .fieldBeyondRegister(path, bit, octets):
            "\(path): bit \(bit) is beyond the register's \(octets) octets; fix the bit range or the register length."
        case let .fieldBeyondWord(path, bit):
            "\(path): bit \(bit) is beyond bit 63; describe the upper part of a long register as a sub-register."
        case let .overlappingFields(path, field, other):
            "\(path): \(field) shares bits with \(other); fix their bit ranges."
        }
    }
}
