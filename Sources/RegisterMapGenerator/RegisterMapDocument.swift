/// The JSON document exactly as written in `Hardware/dw1000/registers.json`, before validation.
/// `Hardware/dw1000/README.md` documents every key.
struct RegisterMapDocument: Decodable {
    /// The chip the map describes, for example `DW1000`.
    let device: String
    /// Where the facts come from.
    let source: String
    /// The register files.
    let files: [DocumentFile]
}
