import UWBCore

/// A fixed UWB device whose surveyed position a positioning solver uses.
public struct Anchor: Hashable, Sendable {
    /// The anchor's name, unique in its set (for example its short address).
    public let name: String
    /// Where it stands, in the site's coordinates.
    public let position: Position

    /// An anchor called `name` at `position`.
    public init(name: String, position: Position) {
        self.name = name
        self.position = position
    }
}
