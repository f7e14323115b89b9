/// How many turns the emulator service's apps took, and how many of them while an app of another
/// part of the world held its own: what splitting the world into parts bought (decision 0030).
public struct TurnFigures: Hashable, Sendable {
    /// Turns given (WELCOME or WOKE).
    public var turns = 0
    /// Turns given while an app of another part held its turn.
    public var takenAtOnce = 0

    /// No turns yet.
    public init() {}
}
