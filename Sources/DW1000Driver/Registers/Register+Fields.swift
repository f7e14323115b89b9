extension Register {
    /// The register's bit fields from the map, lowest bit first; empty for a register the map
    /// gives no fields (buffers, and registers longer than 64 bits).
    public var fields: [BitField] {
        Register.fieldsByName[name] ?? []
    }

    /// What the map says `field` of this register means, if it is one of its fields.
    public func meaning(of field: BitField) -> String? {
        Register.fieldMeanings[name]?[field.name]
    }
}
