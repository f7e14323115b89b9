/// Why a virtual chip refused an SPI transaction. Each is a driver bug a real chip would
/// silently misbehave on; the emulator says so instead.
public enum VirtualChipError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The header could not be decoded.
    case malformedHeader(String)
    /// The body does not fit the header (direction) or cannot exist (a negative length).
    case malformedBody(String)
    /// The register file is reserved or not part of the register map.
    case unmodelledRegister(file: UInt8, subIndex: Int)
    /// The access runs past the end of the register file or into a gap between its sub-registers.
    case outsideRegister(name: String, subIndex: Int, length: Int)
    /// A write touched a read-only register.
    case writeToReadOnly(name: String)
    /// A read touched a write-only register.
    case readFromWriteOnly(name: String)

    /// What the driver did wrong.
    public var description: String {
        switch self {
        case .malformedHeader(let detail):
            "virtual chip: malformed SPI header: \(detail)"
        case .malformedBody(let detail):
            "virtual chip: malformed SPI transaction: \(detail); build it with DW1000SPIHeader and a body in the same direction"
        case .unmodelledRegister(let file, let subIndex):
            "virtual chip: register file 0x\(String(file, radix: 16, uppercase: true)) (sub-index \(subIndex)) is reserved or not modelled; see the chip family's registers.json under Hardware/"
        case .outsideRegister(let name, let subIndex, let length):
            "virtual chip: \(length) octets at sub-index 0x\(String(subIndex, radix: 16, uppercase: true)) are outside the documented parts of \(name)"
        case .writeToReadOnly(let name):
            "virtual chip: \(name) is read-only; the write would be ignored by a real chip"
        case .readFromWriteOnly(let name):
            "virtual chip: \(name) is write-only; a real chip returns no meaningful data"
        }
    }
}
