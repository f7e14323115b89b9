/// Every constant of the figures' look and layout, in one place: sizes in SVG user units
/// (pixels at 100 % zoom), colours as CSS colours.
public enum PlotStyle {
    /// The width of a figure.
    public static let width = 860.0
    /// The height of a figure.
    public static let height = 520.0
    /// Space left of the plot area, for the y tick labels and the y axis title.
    public static let marginLeft = 80.0
    /// Space right of the plot area, for the legend.
    public static let marginRight = 220.0
    /// Space above the plot area, for the title.
    public static let marginTop = 50.0
    /// Space below the plot area, for the x tick labels, the x axis title and the caption.
    public static let marginBottom = 84.0
    /// About how many ticks an axis gets.
    public static let tickCount = 6
    /// The most decimals a tick label is written with.
    public static let maximumTickDecimals = 9
    /// The steps between ticks, as multiples of a power of ten.
    public static let niceMultiples: [Double] = [1, 2, 2.5, 5, 10]
    /// A span narrower than this fraction of its value is widened so that its axis has ticks.
    public static let smallestSpan = 1e-9
    /// The length of a tick mark.
    public static let tickLength = 5.0
    /// The radius of a point.
    public static let pointRadius = 2.2
    /// The radius of a marker.
    public static let markerRadius = 5.0
    /// The width of a series line.
    public static let lineWidth = 1.6
    /// The font.
    public static let fontFamily = "DejaVu Sans, Helvetica, Arial, sans-serif"
    /// The size of the title.
    public static let titleSize = 16.0
    /// The size of tick labels, legend entries, labels and the caption.
    public static let textSize = 12.0
    /// The height of one legend entry.
    public static let legendLineHeight = 18.0
    /// The most characters of a legend entry shown; longer names are cut with "…".
    public static let legendNameLength = 28
    /// The colour of text, axes and the frame.
    public static let inkColour = "#222222"
    /// The colour of grid lines.
    public static let gridColour = "#e4e4e4"
    /// The fill of regions that have no palette colour (obstacles).
    public static let neutralColour = "#7f7f7f"
    /// The series colours: the Okabe–Ito palette, which people with colour-vision deficiencies tell apart.
    public static let palette = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"]

    /// The palette colour with index `index`, taken modulo the palette's size.
    public static func colour(_ index: Int) -> String {
        palette[((index % palette.count) + palette.count) % palette.count]
    }
}

extension PlotStyle {
    /// About how many bars a histogram gets.
    public static let histogramBins = 24
    /// How opaque histogram bars are.
    public static let barOpacity = 0.75
    /// How opaque obstacles are in a top view.
    public static let obstacleOpacity = 0.35
    /// How opaque field-of-view cones are.
    public static let coneOpacity = 0.14
    /// A field-of-view cone's length as a fraction of the room's larger side.
    public static let coneLengthFraction = 0.22
    /// The shortest field-of-view cone, in metres.
    public static let shortestCone = 1.0
    /// How many straight pieces make a cone's arc.
    public static let coneArcSteps = 24
    /// The angles, in degrees, at which an analytic PDoA curve is drawn: −90° to 90° in steps of 2°.
    public static let analyticCurveDegrees: [Double] = Array(stride(from: -90.0, through: 90.0, by: 2.0))
    /// The palette index of series that stand apart from the per-device colours (frames not decoded, medians).
    public static let apartColour = 6
}
