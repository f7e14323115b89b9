import UWBCore

/// An axis-aligned box that attenuates every link whose line of sight passes through it, such
/// as a wall, a cabinet or a person (JSON: an element of `obstacles`).
public struct ScenarioObstacle: Hashable, Sendable {
    /// A name for traces and messages.
    public var name: String
    /// The corner with the smallest coordinates, in world metres.
    public var min: Position
    /// The corner with the largest coordinates, in world metres; no coordinate below ``min``'s.
    public var max: Position
    /// The loss a signal suffers passing through the box.
    public var attenuation: PowerRatio

    /// An obstacle with the given box and loss.
    public init(name: String, min: Position, max: Position, attenuation: PowerRatio) {
        self.name = name
        self.min = min
        self.max = max
        self.attenuation = attenuation
    }
}
