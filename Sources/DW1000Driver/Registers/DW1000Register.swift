import UWBCore

/// One addressable DW1000 register: a whole register file or a sub-register inside one.
///
/// Values come only from the generated register map (`DW1000Register.devId`, `DW1000Register.ldeRxantd`, …),
/// which the generator validates, so every `DW1000Register` has a file ID of at most 0x3F, a sub-index
/// of at most 0x7FFF and a length of at least one octet.
public struct DW1000Register: MappedRegister, CustomStringConvertible {
    /// The User Manual mnemonic, for example `SYS_STATUS`.
    public let name: String
    /// The register file ID, 0x00–0x3F.
    public let file: UInt8
    /// The octet offset (sub-index) inside the register file; 0 for a whole file.
    public let offset: UInt16
    /// The length in octets.
    public let length: Int
    /// How the host may access the register.
    public let access: RegisterAccess
    /// The DW1000 User Manual section that documents the register, for example `7.2.17`.
    public let section: String
    /// The value after reset, little-endian, when the manual gives it and it fits in 64 bits.
    public let resetValue: UInt64?

    /// Makes a register from values the register-map generator has already validated.
    init(
        name: String,
        file: UInt8,
        offset: UInt16,
        length: Int,
        access: RegisterAccess,
        section: String,
        resetValue: UInt64?
    ) {
        self.name = name
        self.file = file
        self.offset = offset
        self.length = length
        self.access = access
        self.section = section
        self.resetValue = resetValue
    }

    /// The mnemonic and address, for example `SYS_STATUS (0x0F, 5 octets, SRW)` or
    /// `LDE_RXANTD (0x2E:1804, 2 octets, RW)`.
    public var description: String {
        let fileHex = hex(UInt64(file), digits: 2)
        let address = offset == 0 ? fileHex : "\(fileHex):\(hex(UInt64(offset), digits: 2))"
        let octets = length == 1 ? "1 octet" : "\(length) octets"
        return "\(name) (0x\(address), \(octets), \(access.rawValue))"
    }
}
