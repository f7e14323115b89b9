/// A bit field as written in the JSON document, before validation.
struct DocumentField: Decodable {
    /// The User Manual mnemonic.
    let name: String
    /// `[low, high]`, both inclusive.
    let bits: [Int]
    /// An access code overriding the register's: RO, WO, RW, SRW, ROD, W1C or SC.
    let access: String?
    /// What the field means.
    let description: String
    /// `"RX enable"` or `"TX enable"` for status bits that those events also clear.
    let clearedBy: String?
}
