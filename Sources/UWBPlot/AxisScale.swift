/// The linear map from an axis' data values to SVG coordinates: its ticks' span onto a pixel
/// range, reversed where the axis or the SVG's downward y asks for it.
public struct AxisScale: Hashable, Sendable {
    /// The ticks; their first and last value are the ends of the axis.
    public let ticks: NiceTicks
    /// The SVG coordinate of the first tick.
    public let start: Double
    /// The SVG coordinate of the last tick.
    public let end: Double

    /// A scale putting `ticks`' first value at `start` and its last at `end`.
    public init(ticks: NiceTicks, start: Double, end: Double) {
        self.ticks = ticks
        self.start = start
        self.end = end
    }

    /// The SVG coordinate of `value`.
    public func position(_ value: Double) -> Double {
        let span = ticks.span
        let width = span.upperBound - span.lowerBound
        guard width > 0 else { return start }
        return start + (value - span.lowerBound) / width * (end - start)
    }

    /// The data value at SVG coordinate `position` (the inverse of ``position(_:)``).
    public func value(at position: Double) -> Double {
        let span = ticks.span
        guard end != start else { return span.lowerBound }
        return span.lowerBound + (position - start) / (end - start) * (span.upperBound - span.lowerBound)
    }

    /// SVG units per data unit.
    public var pixelsPerUnit: Double {
        let span = ticks.span
        let width = span.upperBound - span.lowerBound
        return width > 0 ? abs(end - start) / width : 0
    }
}
