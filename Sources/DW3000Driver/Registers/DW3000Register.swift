import UWBCore

/// One addressable DW3000 register: a register file (a 5-bit base address) or a sub-register at a
/// 7-bit sub-address inside one (DW3000 User Manual §2.3.1.2, §8.1).
///
/// Values come only from the generated register map (`DW3000Register.devId`,
/// `DW3000Register.sysStatus`, …), which the generator validates, so every register has a file of
/// at most 0x1F, an offset of at most 0x7F and a length of at least one octet. Buffers (RX_BUFFER_0,
/// TX_BUFFER, ACC_MEM) are longer than 128 octets: a transaction runs on past its sub-address.
public struct DW3000Register: MappedRegister, CustomStringConvertible {
    /// The user manual mnemonic, for example `SYS_STATUS`.
    public let name: String
    /// The register file (base address), 0x00–0x1F.
    public let file: UInt8
    /// The octet offset (sub-address) inside the file, 0x00–0x7F; 0 for a whole file.
    public let offset: UInt16
    /// The length in octets.
    public let length: Int
    /// How the host may access the register.
    public let access: RegisterAccess
    /// The DW3000 User Manual section that documents the register, for example `8.2.2.18`.
    public let section: String
    /// The value after reset, little-endian, when the manual gives it and it fits in 64 bits.
    public let resetValue: UInt64?

    /// The mnemonic and address, for example `SYS_STATUS (0x00:44, 6 octets, SRW)`.
    public var description: String {
        let octets = length == 1 ? "1 octet" : "\(length) octets"
        let address = hexDigits(UInt64(file), octets: 1, uppercase: true) + ":" + hexDigits(UInt64(offset), octets: 1, uppercase: true)
        return "\(name) (0x\(address), \(octets), \(access.rawValue))"
    }
}

