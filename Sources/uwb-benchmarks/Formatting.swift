import Foundation

/// Number formats for the result tables.
enum Formatting {
    /// `value` with `digits` decimals.
    static func fixed(_ value: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", value)
    }

    /// A rate rounded to three significant figures with thousands separated by a thin space,
    /// for example `1 230 000`.
    static func rate(_ value: Double) -> String {
        guard value.isFinite, value >= 1 else { return fixed(value, 2) }
        let magnitude = Foundation.pow(10, Foundation.floor(Foundation.log10(value)) - 2)
        let rounded = Int((value / magnitude).rounded() * magnitude)
        var digits = Array(String(rounded))
        var grouped: [Character] = []
        while digits.count > 3 {
            grouped = [" "] + digits.suffix(3) + grouped
            digits.removeLast(3)
        }
        return String(digits + grouped)
    }

    /// A real-time factor, for example `312×`, `0.84×` or `0.0024×`.
    static func factor(_ value: Double) -> String {
        (value >= 100 ? fixed(value, 0) : value >= 10 ? fixed(value, 1) : value >= 0.1 ? fixed(value, 2) : fixed(value, 4)) + "×"
    }

    /// `value` with its sign and `digits` decimals (none by default), for example `+20` or `0`.
    static func signed(_ value: Double, _ digits: Int = 0) -> String {
        value > 0 ? "+" + fixed(value, digits) : fixed(value, digits)
    }
}
