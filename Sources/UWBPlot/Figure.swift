/// A figure to draw: a title, axes, filled regions, series of points and lines, labels and a
/// caption. ``FigureRenderer`` turns it into SVG.
public struct Figure: Hashable, Sendable {
    /// The title above the plot.
    public var title: String
    /// A line under the plot, for example the statistics of a histogram; empty for none.
    public var caption: String
    /// The horizontal axis.
    public var xAxis: Axis
    /// The vertical axis.
    public var yAxis: Axis
    /// Filled polygons, drawn first.
    public var regions: [Region]
    /// The series, drawn over the regions in order, each with a legend entry.
    public var series: [Series]
    /// Text next to points, drawn last.
    public var labels: [PlotLabel]
    /// Whether one unit has the same length on both axes (a map, such as a room seen from above).
    public var hasEqualScales: Bool
    /// Values each axis must show even without data, for example 0 on a histogram's count axis.
    public var mustShow: [PlotPoint]

    /// A figure with the given parts.
    public init(
        title: String, caption: String = "", xAxis: Axis, yAxis: Axis, regions: [Region] = [], series: [Series] = [],
        labels: [PlotLabel] = [], hasEqualScales: Bool = false, mustShow: [PlotPoint] = []
    ) {
        self.title = title
        self.caption = caption
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.regions = regions
        self.series = series
        self.labels = labels
        self.hasEqualScales = hasEqualScales
        self.mustShow = mustShow
    }

    /// Every finite point of the figure's data: series points, region corners, labelled points and
    /// ``mustShow``; the axes span them.
    public var dataPoints: [PlotPoint] {
        (series.flatMap(\.points) + regions.flatMap(\.corners) + labels.map(\.at) + mustShow).filter(\.isFinite)
    }
}
