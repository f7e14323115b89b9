import Foundation

/// Tick values that people read easily: multiples of 1, 2, 2.5 or 5 times a power of ten,
/// covering a span of data from below its low end to above its high end.
///
/// For example 0…1.4 with five ticks wanted gives 0, 0.5, 1, 1.5: the raw step 1.4 / 4 = 0.35 is
/// rounded up to the next nice step, 0.5, and the ticks run from the multiple of the step at or below
/// the low end to the one at or above the high end.
public struct NiceTicks: Hashable, Sendable {
    /// The tick values, increasing, evenly spaced by ``step``; at least two.
    public let values: [Double]
    /// The distance between two ticks.
    public let step: Double

    /// Ticks covering `low`…`high` with about `count` ticks (at least 2). An empty or
    /// non-finite span (ends, or a gap too wide for a `Double`) is replaced first.
    public init(covering low: Double, _ high: Double, count: Int = PlotStyle.tickCount) {
        var (low, high) = (min(low, high), max(low, high))
        if !low.isFinite || !high.isFinite || !(high - low).isFinite {
            (low, high) = (0, 1)
        }
        if high - low < PlotStyle.smallestSpan * max(1, abs(low)) {
            let half = max(abs(low) * 0.1, 0.5)
            (low, high) = (low - half, high + half)
        }
        let step = Self.niceStep(atLeast: (high - low) / Double(max(count - 1, 1)))
        let first = (low / step).rounded(.down)
        let last = (high / step).rounded(.up)
        self.step = step
        self.values = stride(from: first, through: last, by: 1).map { Self.clean($0 * step, step: step) }
    }

    /// The first and last tick: the span an axis with these ticks shows.
    public var span: ClosedRange<Double> {
        (values.first ?? 0)...(values.last ?? 1)
    }

    /// How many decimals a tick label needs so that every tick is written exactly: 1 for a step of
    /// 0.5, 2 for 0.25, 0 for 5 or 20.
    public var decimals: Int {
        for decimals in 0...PlotStyle.maximumTickDecimals {
            let scaled = step * Foundation.pow(10, Double(decimals))
            if abs(scaled - scaled.rounded()) < 1e-6 * max(1, scaled) { return decimals }
        }
        return PlotStyle.maximumTickDecimals
    }

    /// `value` written as a tick label, with ``decimals`` decimals and no minus sign on zero.
    public func label(_ value: Double) -> String {
        let text = String(format: "%.\(decimals)f", locale: nil, value)
        let isZero = text.allSatisfy { $0 == "-" || $0 == "0" || $0 == "." }
        return isZero ? String(text.drop { $0 == "-" }) : text
    }

    /// The smallest nice step (1, 2, 2.5 or 5 times a power of ten) not below `raw`.
    static func niceStep(atLeast raw: Double) -> Double {
        let magnitude = Foundation.pow(10, (Foundation.log10(raw)).rounded(.down))
        for multiple in PlotStyle.niceMultiples where multiple * magnitude >= raw * (1 - 1e-12) {
            return multiple * magnitude
        }
        return 10 * magnitude
    }

    /// `value` rounded to a thousandth of the step, so that 3 × 0.1 is 0.3.
    private static func clean(_ value: Double, step: Double) -> Double {
        let grain = step / 1000
        let cleaned = (value / grain).rounded() * grain
        return cleaned == 0 ? 0 : cleaned
    }
}
