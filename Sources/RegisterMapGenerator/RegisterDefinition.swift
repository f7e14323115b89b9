import UWBCore

/// A validated register file or sub-register of the register map.
public struct RegisterDefinition: Sendable, Equatable {
    /// The User Manual mnemonic, for example `SYS_STATUS`.
    public let name: String
    /// The register file ID, 0x00–0x3F.
    public let file: UInt8
    /// The octet offset inside the file; 0 for a whole file.
    public let offset: UInt16
    /// The mnemonic of the register file that holds a sub-register; `nil` for a whole file.
    public let parent: String?
    /// The length in octets.
    public let length: Int
    /// How the host may access the register.
    public let access: FieldAccess
    /// The User Manual section.
    public let section: String
    /// What the register is for.
    public let description: String
    /// The little-endian reset value, if known.
    public let resetValue: UInt64?
    /// The bit fields, lowest bit first.
    public let fields: [FieldDefinition]
}
