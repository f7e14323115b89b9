/// A register file as written in the JSON document, before validation.
struct DocumentFile: Decodable, DocumentEntry {
    /// The register file ID as hex text, for example `"0x0F"`.
    let id: String
    let name: String
    let length: Int
    let access: String
    let section: String
    let description: String
    let reset: String?
    let fields: [DocumentField]?
    /// The sub-registers, if any.
    let subregisters: [DocumentSubregister]?
}
