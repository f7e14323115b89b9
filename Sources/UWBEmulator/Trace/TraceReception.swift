import UWBCore

/// One receiver's view of a traced frame: who it is, how strong the frame arrived, and what
/// became of it.
public struct TraceReception: Hashable, Sendable {
    /// The receiving device's name (any text; the trace escapes it, see `TraceMetadataComment`).
    public var receiver: String
    /// The frame's received signal level at this receiver's antenna.
    public var level: PowerLevel
    /// Whether the receiver decoded the frame, and if not, why not.
    public var outcome: ReceptionOutcome
    /// What a capturing receiver measured besides the level (`uwb capture`); `nil` in the
    /// emulator's traces.
    public var capture: CaptureDetail?

    /// A reception of a frame by `receiver` at `level` with `outcome`, and what a capturing
    /// receiver measured.
    public init(receiver: String, level: PowerLevel, outcome: ReceptionOutcome, capture: CaptureDetail? = nil) {
        self.receiver = receiver
        self.level = level
        self.outcome = outcome
        self.capture = capture
    }
}
