/// Where the plot area lies in the SVG and how data maps onto it: the two axis scales.
public struct PlotArea: Hashable, Sendable {
    /// The horizontal scale.
    public let x: AxisScale
    /// The vertical scale.
    public let y: AxisScale

    /// The area of the two scales.
    public init(x: AxisScale, y: AxisScale) {
        self.x = x
        self.y = y
    }

    /// The SVG coordinate of the area's left edge.
    public var left: Double { min(x.start, x.end) }
    /// The SVG coordinate of the area's right edge.
    public var right: Double { max(x.start, x.end) }
    /// The SVG coordinate of the area's top edge.
    public var top: Double { min(y.start, y.end) }
    /// The SVG coordinate of the area's bottom edge.
    public var bottom: Double { max(y.start, y.end) }

    /// The SVG coordinates of a data point.
    public func position(_ point: PlotPoint) -> (x: Double, y: Double) {
        (x.position(point.x), y.position(point.y))
    }
}
