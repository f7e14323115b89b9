/// A point of a figure in data coordinates: the values on the x and y axes, in the axes' units.
public struct PlotPoint: Hashable, Sendable {
    /// The value on the x axis.
    public var x: Double
    /// The value on the y axis.
    public var y: Double

    /// The point (`x`, `y`).
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    /// Whether both coordinates are finite, so that the point can be drawn.
    public var isFinite: Bool { x.isFinite && y.isFinite }
}
