import UWBCore

/// A validated bit field of a register.
public struct FieldDefinition: Sendable, Equatable {
    /// The User Manual mnemonic, for example `RXFCG`.
    public let name: String
    /// The lowest bit, inclusive.
    public let lowBit: Int
    /// The highest bit, inclusive.
    public let highBit: Int
    /// How the host may access the field (the register's access unless overridden).
    public let access: FieldAccess
    /// What the field means.
    public let description: String
    /// The event that also clears the bit, if any.
    public let clearedBy: ClearEvent?

    /// The number of bits in the field.
    public var width: Int {
        highBit - lowBit + 1
    }
}
