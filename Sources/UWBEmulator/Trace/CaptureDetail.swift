import UWBCore

/// What a capturing receiver (`uwb capture` on a board or a device of the emulator service) knows
/// about one reception beyond its level and outcome, written into the trace's per-frame comment
/// (grammar in `TraceMetadataComment`). The emulator's own traces carry none.
public enum CaptureDetail: Hashable, Sendable {
    /// A frame received intact: its RX timestamp by the receiver's 40-bit clock, and the level of
    /// its first path (DW1000 User Manual §4.7.1).
    case frame(timestamp: DeviceTime, firstPathLevel: PowerLevel)
    /// A reception that started but failed; the packet then carries no octets.
    case failure(ReceiveFailure)
}
