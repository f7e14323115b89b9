/// An event that also clears a latched status bit, as the `clearedBy` key names it.
public enum ClearEvent: String, Sendable, CaseIterable {
    /// The next receiver enable.
    case rxEnable = "RX enable"
    /// The next transmitter enable.
    case txEnable = "TX enable"
}
