/// A named sequence of points drawn in one colour and style, with an entry in the legend.
public struct Series: Hashable, Sendable {
    /// The name shown in the legend, for example `alice → bob measured`.
    public var name: String
    /// How the points are drawn.
    public var style: SeriesStyle
    /// The index of the series' colour in ``PlotStyle/palette`` (taken modulo its count).
    public var colour: Int
    /// The points, in data coordinates; points that are not finite are left out when drawn.
    public var points: [PlotPoint]

    /// A series named `name`.
    public init(name: String, style: SeriesStyle, colour: Int, points: [PlotPoint]) {
        self.name = name
        self.style = style
        self.colour = colour
        self.points = points
    }
}
