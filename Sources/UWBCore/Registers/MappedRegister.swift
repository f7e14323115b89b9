/// A register of a chip whose register map is generated from JSON (the DW1000's `Register`, the
/// DW3000's `DW3000Register`): its generated tables give every register's bit fields and what they mean.
public protocol MappedRegister: Hashable, Sendable {
    /// The user manual mnemonic, for example `SYS_STATUS`.
    var name: String { get }
    /// The bit fields of every register that has them, by register name, lowest bit first.
    static var fieldsByName: [String: [BitField]] { get }
    /// What the map says each bit field means, by register name, then field name.
    static var fieldMeanings: [String: [String: String]] { get }
}

extension MappedRegister {
    /// The register's bit fields from the map, lowest bit first; empty for a register the map
    /// gives no fields (buffers, and registers longer than 64 bits).
    public var fields: [BitField] {
        Self.fieldsByName[name] ?? []
    }

    /// What the map says `field` of this register means, if it is one of its fields.
    public func meaning(of field: BitField) -> String? {
        Self.fieldMeanings[name]?[field.name]
    }
}
