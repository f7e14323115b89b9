/// How a series is drawn.
public enum SeriesStyle: Hashable, Sendable {
    /// A small circle at every point (measurements).
    case points
    /// A larger circle with a white rim at every point (devices in a top view).
    case markers
    /// A line through the points in order (truth, trajectories, analytic curves).
    case line
}
