/// Plain-text columns for the live view. Widths count characters (grapheme clusters), which matches
/// terminal columns for the narrow characters the demo prints.
enum DemoText {
    /// What marks the end of a cut text.
    static let ellipsis = "…"

    /// What stands in for a control character, so that a name cannot move the cursor or break a line.
    static let replacement = "\u{FFFD}"

    /// `text` with every control character (general category Cc) replaced by ``replacement``.
    static func printable(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.properties.generalCategory == .control {
                result += replacement
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` when it has at most `width` characters, otherwise its first `width − 1` characters and
    /// ``ellipsis``.
    static func truncated(_ text: String, to width: Int) -> String {
        guard text.count > width else { return text }
        return width > 0 ? String(text.prefix(width - 1)) + ellipsis : ""
    }

    /// `text` truncated to `width` characters and filled with spaces to exactly `width`, on the right
    /// (left-aligned) or on the left (`alignRight`).
    static func column(_ text: String, width: Int, alignRight: Bool = false) -> String {
        let cut = truncated(text, to: width)
        let fill = String(repeating: " ", count: max(0, width - cut.count))
        return alignRight ? fill + cut : cut + fill
    }
}
