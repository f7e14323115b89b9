/// A frame the radio received intact, with when and how it arrived.
public struct ReceivedFrame: Hashable, Sendable {
    /// The MAC frame without its FCS (the radio has already checked it).
    public var frame: [UInt8]

    /// The RX timestamp: when the frame's RMARKER reached the antenna, by the receiver's clock,
    /// with the receive antenna delay removed.
    public var timestamp: DeviceTime

    /// Signal quality and clock measurements of this reception.
    public var diagnostics: ReceptionDiagnostics

    /// A received frame.
    public init(frame: [UInt8], timestamp: DeviceTime, diagnostics: ReceptionDiagnostics) {
        self.frame = frame
        self.timestamp = timestamp
        self.diagnostics = diagnostics
    }
}
