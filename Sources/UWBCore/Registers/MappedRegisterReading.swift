/// A register's value as read from a chip, with each of its fields decoded by the register map
/// (the DW1000's `DW1000RegisterReading`, the DW3000's `DW3000RegisterReading`).
public struct MappedRegisterReading<Mapped: MappedRegister>: Hashable, Sendable {
    /// One field of the reading.
    public struct Field: Hashable, Sendable {
        /// The field, as the map defines it.
        public let field: BitField
        /// Its value, shifted down to bit 0.
        public let value: UInt64
        /// What the map says it means, when it says.
        public let meaning: String?
    }

    /// The register read.
    public let register: Mapped
    /// The octets read, low octet first, as the chip sends them.
    public let octets: [UInt8]

    /// A reading of `register` that returned `octets`.
    public init(register: Mapped, octets: [UInt8]) {
        self.register = register
        self.octets = octets
    }

    /// The little-endian value of the octets, for a register of at most 8 octets; nil for longer.
    public var value: UInt64? {
        guard octets.count <= 8 else { return nil }
        return octets.enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * $1.offset) }
    }

    /// Each field of the register with its value, lowest bit first; empty for a register longer
    /// than 8 octets or with no fields in the map.
    public var fields: [Field] {
        guard let value else { return [] }
        return register.fields.map { Field(field: $0, value: $0.value(in: value), meaning: register.meaning(of: $0)) }
    }
}
