import Foundation
import UWBCore

/// A JSON value the server writes to its pages, with its members in a fixed order and every number
/// to a fixed number of decimals, so that the same room gives the same bytes (golden tests compare
/// them, and the server sends a state only when its text changed).
enum StreamJSON: Sendable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number.
    case integer(Int)
    /// A number rounded to `decimals` decimals, trailing zeros dropped (`1.5`, `3`); `null` if not finite.
    case number(Double, decimals: Int)
    /// A string.
    case string(String)
    /// An array.
    case array([StreamJSON])
    /// An object, its members in this order.
    case object([(key: String, value: StreamJSON)])

    /// A point `[x, y, z]` in metres, to a tenth of a millimetre.
    static func metres(_ position: Position) -> StreamJSON {
        let point = position.metres
        return .array([point.x, point.y, point.z].map { .number($0, decimals: 4) })
    }

    /// `value` or `null`.
    static func optional<Value>(_ value: Value?, _ json: (Value) -> StreamJSON) -> StreamJSON {
        value.map(json) ?? .null
    }

    /// The value as compact JSON text.
    var text: String {
        var text = ""
        write(to: &text)
        return text
    }

    private func write(to text: inout String) {
        switch self {
        case .null:
            text += "null"
        case .bool(let flag):
            text += flag ? "true" : "false"
        case .integer(let value):
            text += String(value)
        case .number(let value, let decimals):
            text += Self.numberText(value, decimals: decimals)
        case .string(let string):
            text += JSONStringText.quoted(string)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.write(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                text += JSONStringText.quoted(member.key) + ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }

    /// `value` to `decimals` decimals without trailing zeros, never `-0`; `null` for infinity and NaN.
    private static func numberText(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        var digits = String(format: "%.\(decimals)f", locale: nil, value)
        if digits.contains(".") {
            while digits.hasSuffix("0") { digits.removeLast() }
            if digits.hasSuffix(".") { digits.removeLast() }
        }
        return digits == "-0" ? "0" : digits
    }
}
