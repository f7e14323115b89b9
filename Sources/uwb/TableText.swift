/// The pieces of the tables `uwb range`, `uwb locate` and `uwb cir` print.
enum TableText {
    /// `text` in `width` columns, left-aligned or, with `right`, right-aligned; longer text is kept whole.
    static func padded(_ text: String, _ width: Int, right: Bool = false) -> String {
        let fill = String(repeating: " ", count: max(0, width - text.count))
        return right ? fill + text : text + fill
    }
}
