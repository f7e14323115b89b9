/// What one part of a split world (decision 0030) did over a run: how much of the world it held, the
/// work it did, the frames it sent to other parts, and how long its thread waited for the others.
public struct PartFigures: Hashable, Sendable {
    /// The part's index.
    public let part: Int
    /// How many devices it runs.
    public let devices: Int
    /// How many events its simulator has run.
    public let events: Int
    /// How many frames its devices' transmissions carried to other parts' chips: the messages between
    /// parts (one per receiving chip).
    public let crossings: Int
    /// How many windows it has run.
    public let windows: Int
    /// How long its thread waited for the other parts, within its windows (for their promises) and at
    /// their ends, in seconds of wall time: the price of the lookahead and of uneven parts.
    public let blockedSeconds: Double
}
