import Foundation
import UWBCore

/// The pieces of the JSON lines `uwb range` and `uwb demo` print, written by hand so that numbers
/// keep a fixed count of decimals and keys a fixed order.
enum JSONText {
    /// An object with `fields` (key, JSON value) in their order.
    static func object(_ fields: [(String, String)]) -> String {
        var text = "{"
        text.reserveCapacity(fields.reduce(2) { $0 + $1.0.utf8.count + $1.1.utf8.count + 4 })
        for (index, (key, value)) in fields.enumerated() {
            text += index == 0 ? "\"" : ",\""
            text += key
            text += "\":"
            text += value
        }
        return text + "}"
    }

    /// A number with a fixed count of decimals, or `null` when it is nil or not finite.
    static func number(_ value: Double?, decimals: Int) -> String {
        guard let value, value.isFinite else { return "null" }
        return FixedDecimalText.text(value, decimals: decimals)
    }

    /// `[x,y,z]` with 4 decimals, or `null` when the vector is nil or has a non-finite component.
    static func vector(_ value: Vector3?) -> String {
        guard let value, value.x.isFinite, value.y.isFinite, value.z.isFinite else { return "null" }
        return "[" + [value.x, value.y, value.z].map { number($0, decimals: 4) }.joined(separator: ",") + "]"
    }

    /// A JSON string (``JSONStringText/quoted(_:)``).
    static func string(_ text: String) -> String {
        JSONStringText.quoted(text)
    }
}
