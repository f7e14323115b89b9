/// One axis of a figure: its title with the unit, and the span of data it must show.
public struct Axis: Hashable, Sendable {
    /// The title with its unit, for example `time (s)`.
    public var title: String
    /// Whether values grow downwards (y) or leftwards (x) instead of upwards or rightwards; a top
    /// view uses it so that world z grows towards the bottom of the page, as seen from above.
    public var isReversed: Bool

    /// An axis titled `title`.
    public init(title: String, isReversed: Bool = false) {
        self.title = title
        self.isReversed = isReversed
    }
}
