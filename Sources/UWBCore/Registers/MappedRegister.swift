/// A register of a chip whose register map is generated from JSON (the DW1000's `DW1000Register`, the
/// DW3000's `DW3000Register`): its generated tables give every register's bit fields and what they
/// mean, and its family's SPI header addresses it. The skeleton a chip family's driver fills in:
/// reads (``readTransaction(offset:count:)``, ``MappedRegisterReading/read(_:on:chip:)``), their
/// checks and their errors are shared; the family gives the map and ``readHeader(offset:length:)``.
public protocol MappedRegister: Hashable, Sendable, CustomStringConvertible {
    /// The user manual mnemonic, for example `SYS_STATUS`.
    var name: String { get }
    /// The register file (base address) the register is in.
    var file: UInt8 { get }
    /// The octet offset (sub-address) inside the file; 0 for a whole file.
    var offset: UInt16 { get }
    /// The length in octets.
    var length: Int { get }
    /// How the host may access the register.
    var access: RegisterAccess { get }
    /// The user manual section that documents the register.
    var section: String { get }
    /// Every register of the map, in file and offset order.
    static var all: [Self] { get }
    /// The registers whose reads have an effect on the chip, by name, with the effect
    /// (``RegisterReadability/sideEffects(_:)``).
    static var readEffects: [String: String] { get }
    /// The bit fields of every register that has them, by register name, lowest bit first.
    static var fieldsByName: [String: [BitField]] { get }
    /// What the map says each bit field means, by register name, then field name.
    static var fieldMeanings: [String: [String: String]] { get }

    /// The SPI header that starts a read of `length` octets at octet `offset` of the register, in
    /// the family's header format (the one thing a family adds to the shared transactions of
    /// ``readTransaction(offset:count:)``); `offset` and `length` lie inside the register.
    ///
    /// - Throws: ``SPIBusError/transferFailed(_:)`` when the family's header cannot address that
    ///   octet.
    func readHeader(offset: Int, length: Int) throws(SPIBusError) -> [UInt8]
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
