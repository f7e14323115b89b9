import Foundation

/// Strings written as JSON by hand (JSON lines, the calibration store).
public enum JSONStringText {
    /// `text` as a JSON string: quotes and backslashes escaped with a backslash, control characters
    /// below U+0020 as `\u00xx` (lower-case hex), everything else as it is.
    public static func quoted(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
