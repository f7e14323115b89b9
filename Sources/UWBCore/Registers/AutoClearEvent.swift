/// A chip event that clears a latched status bit without a host write
/// (the "W+R" and "W+T" bits of SYS_STATUS, User Manual §7.2.17).
public enum AutoClearEvent: String, Sendable, CaseIterable {
    /// The next receiver enable, including automatic re-enables.
    case rxEnable = "RX enable"
    /// The next transmitter enable.
    case txEnable = "TX enable"
}
