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
                text += Self.isPlain(member.key) ? "\"" + member.key + "\":" : JSONStringText.quoted(member.key) + ":"
                member.value.write(to: &text)
            }
            text += "}"
        }
    }

    /// Whether `key` needs no escaping in JSON: letters and digits only, as every key the server
    /// writes (checked so that a state's hundred thousand keys skip the general quoting).
    private static func isPlain(_ key: String) -> Bool {
        key.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x41...0x5A).contains($0) || (0x61...0x7A).contains($0) }
    }

    /// `value` to `decimals` decimals without trailing zeros, never `-0`; `null` for infinity and NaN.
    /// Worked out in whole numbers (a state of a 200-device room holds about a hundred thousand
    /// numbers, and Foundation's formatting took most of the time to write one); values too large
    /// for that, which no room has, and values within a millionth of a half in the last place go
    /// through Foundation, so the digits are always printf's.
    private static func numberText(_ value: Double, decimals: Int) -> String {
        guard value.isFinite else { return "null" }
        let decimals = min(max(decimals, 0), Self.powersOfTen.count - 1)
        let scale = Self.powersOfTen[decimals]
        let raw = value * Double(scale)
        // Near a half the product's own rounding may decide the last digit: printf's exact
        // decimal expansion decides instead.
        guard abs(raw) < 1e15, abs(abs(raw - raw.rounded(.towardZero)) - 0.5) > 1e-6 else {
            return Self.foundationText(value, decimals: decimals)
        }
        let scaled = raw.rounded()
        let units = Int64(scaled)
        guard units != 0 else { return "0" }
        var text = units < 0 ? "-" : ""
        let magnitude = units.magnitude
        text += String(magnitude / UInt64(scale))
        var fraction = magnitude % UInt64(scale)
        guard fraction != 0 else { return text }
        var places = decimals
        while fraction % 10 == 0 {
            fraction /= 10
            places -= 1
        }
        let digits = String(fraction)
        return text + "." + String(repeating: "0", count: places - digits.count) + digits
    }

    /// 10⁰ to 10⁹: the scales of the decimals numbers are written to.
    private static let powersOfTen: [Int64] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000, 1_000_000_000]

    /// ``numberText(_:decimals:)`` by Foundation, for values beyond its whole numbers.
    private static func foundationText(_ value: Double, decimals: Int) -> String {
        var digits = String(format: "%.\(decimals)f", locale: nil, value)
        if digits.contains(".") {
            while digits.hasSuffix("0") { digits.removeLast() }
            if digits.hasSuffix(".") { digits.removeLast() }
        }
        return digits == "-0" ? "0" : digits
    }
}
