import Foundation

/// Numbers as SVG coordinates: at most two decimals (a hundredth of a pixel), no trailing zeros,
/// independent of the locale.
public enum SVGNumber {
    /// `value` with at most two decimals, for example `12.5` or `-3`.
    public static func text(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        var text = String(format: "%.2f", locale: nil, value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }

    /// Points as an SVG `points` list: `x,y x,y …`.
    public static func points(_ points: [(x: Double, y: Double)]) -> String {
        points.map { "\(text($0.x)),\(text($0.y))" }.joined(separator: " ")
    }
}
