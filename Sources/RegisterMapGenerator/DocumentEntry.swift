/// The keys that register files and sub-registers share in the JSON document.
protocol DocumentEntry {
    /// The User Manual mnemonic.
    var name: String { get }
    /// The length in octets.
    var length: Int { get }
    /// The access code: RO, WO, RW, SRW or ROD.
    var access: String { get }
    /// The User Manual section.
    var section: String { get }
    /// What the register is for.
    var description: String { get }
    /// The reset value as hex text, if known.
    var reset: String? { get }
    /// The bit fields, if any.
    var fields: [DocumentField]? { get }
}
