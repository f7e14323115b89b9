import Foundation
import UWBCore

/// One demo update as one line of JSON (fields: Docs/demo-output.md).
///
/// Keys come in a fixed order: `t`, `device`, `peer`, `state`, `reason`, `distance`, `direction`,
/// `horizontal_angle`, `true_distance`. Unknown and non-finite values are `null`; a direction with a
/// non-finite component is `null` as a whole.
enum DemoJSONLine {
    /// The JSON object for `reading`, without a newline.
    static func line(for reading: DemoReading) -> String {
        let fields: [(String, String)] = [
            ("t", number(reading.time.secondsValue, decimals: 6)),
            ("device", string(reading.device)),
            ("peer", string(reading.peer)),
            ("state", string(reading.state.name)),
            ("reason", reading.state.reason.map(string) ?? "null"),
            ("distance", number(reading.distance?.metres, decimals: 4)),
            ("direction", vector(reading.direction)),
            ("horizontal_angle", number(reading.horizontalAngle?.radians, decimals: 5)),
            ("true_distance", number(reading.trueDistance?.metres, decimals: 4)),
        ]
        return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
    }

    /// A number with a fixed count of decimals, or `null` when it is nil or not finite.
    private static func number(_ value: Double?, decimals: Int) -> String {
        guard let value, value.isFinite else { return "null" }
        return String(format: "%.\(decimals)f", value)
    }

    /// `[x,y,z]` with 4 decimals, or `null` when the vector is nil or has a non-finite component.
    private static func vector(_ value: Vector3?) -> String {
        guard let value, value.x.isFinite, value.y.isFinite, value.z.isFinite else { return "null" }
        return "[" + [value.x, value.y, value.z].map { number($0, decimals: 4) }.joined(separator: ",") + "]"
    }

    /// A JSON string: quotes and backslashes escaped with a backslash, control characters below
    /// U+0020 as `\u00xx` (lower-case hex), everything else as it is.
    private static func string(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case _ where scalar.value < 0x20: escaped += String(format: "\\u%04x", scalar.value)
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return "\"" + escaped + "\""
    }
}
