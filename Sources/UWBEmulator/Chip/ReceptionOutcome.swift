/// What became of a frame at one receiver.
public enum ReceptionOutcome: String, Hashable, Sendable, CaseIterable {
    /// Received intact.
    case received
    /// Heard but lost to noise: too weak to detect or decoded with errors.
    case lost
    /// Spoiled by another frame overlapping it at the receiver.
    case collided
    /// The receiver was off, busy transmitting, on another configuration, or already receiving.
    case notListening = "not-listening"
}
