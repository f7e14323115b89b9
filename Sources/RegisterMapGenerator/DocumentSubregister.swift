/// A sub-register as written in the JSON document, before validation.
struct DocumentSubregister: Decodable, DocumentEntry {
    /// The octet offset inside the register file as hex text, for example `"0x1804"`.
    let offset: String
    let name: String
    let length: Int
    let access: String
    let section: String
    let description: String
    let reset: String?
    let fields: [DocumentField]?
}
