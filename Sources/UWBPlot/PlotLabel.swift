/// A piece of text next to a point of the figure, for example a device's name.
public struct PlotLabel: Hashable, Sendable {
    /// The text (any characters; the SVG writer escapes them).
    public var text: String
    /// The point it labels, in data coordinates; the text starts just right of and above it.
    public var at: PlotPoint

    /// A label `text` at `at`.
    public init(text: String, at: PlotPoint) {
        self.text = text
        self.at = at
    }
}
