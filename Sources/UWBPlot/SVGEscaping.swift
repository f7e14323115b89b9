/// Text made safe for XML character data and attribute values (XML 1.0 §2.4 and §3.1): `&`, `<`,
/// `>`, `"` and `'` become entity references, and control characters that XML 1.0 cannot carry at
/// all (below U+0020 except tab, newline and carriage return) become U+FFFD, so that any device
/// name gives a well-formed document.
public enum SVGEscaping {
    /// `text` escaped for use between tags or inside a quoted attribute value.
    public static func escape(_ text: String) -> String {
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&apos;"
            case "\t", "\n", "\r": escaped.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0xFFFE || scalar.value == 0xFFFF:
                escaped += "\u{FFFD}"
            default:
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
