/// A filled polygon in data coordinates: a histogram bar, an obstacle, a field-of-view cone.
public struct Region: Hashable, Sendable {
    /// What the region is, written into the SVG and shown at ``labelAt``.
    public var name: String
    /// The corners in order; the polygon closes from the last back to the first.
    public var corners: [PlotPoint]
    /// The index of the fill colour in ``PlotStyle/palette``, or `nil` for ``PlotStyle/neutralColour``.
    public var colour: Int?
    /// How opaque the fill is, 0…1.
    public var opacity: Double
    /// Where ``name`` is written (centred above the point), or `nil` for no label.
    public var labelAt: PlotPoint?

    /// A region with the given corners.
    public init(name: String, corners: [PlotPoint], colour: Int?, opacity: Double, labelAt: PlotPoint? = nil) {
        self.name = name
        self.corners = corners
        self.colour = colour
        self.opacity = opacity
        self.labelAt = labelAt
    }

    /// The axis-aligned rectangle between two opposite corners.
    public static func rectangle(
        name: String, from low: PlotPoint, to high: PlotPoint, colour: Int?, opacity: Double, labelAt: PlotPoint? = nil
    ) -> Region {
        Region(
            name: name,
            corners: [low, PlotPoint(x: high.x, y: low.y), high, PlotPoint(x: low.x, y: high.y)],
            colour: colour, opacity: opacity, labelAt: labelAt)
    }

}
