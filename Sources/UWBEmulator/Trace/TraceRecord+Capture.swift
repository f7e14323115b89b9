import UWBCore

extension TraceRecord {
    /// The record of `frame` as the capturing device `receiver` heard it, at `time` on its radio's
    /// clock: the frame with its FCS again (the radio checked and removed it, so the octets are
    /// those that were on the air), an empty sender (a capture does not know it; the frame's
    /// source address says it), and one reception at the frame's RX level, `received`, with its
    /// RX timestamp and first-path level (``CaptureDetail/frame(timestamp:firstPathLevel:)``).
    public init(captured frame: ReceivedFrame, by receiver: String, at time: Duration) {
        let reception = TraceReception(
            receiver: receiver, level: frame.diagnostics.receivedLevel, outcome: .received,
            capture: .frame(timestamp: frame.timestamp, firstPathLevel: frame.diagnostics.firstPathLevel))
        self.init(
            time: time.picoseconds, frame: frame.frame + FrameCheckSequence.octets(for: frame.frame), sender: "",
            receptions: [reception])
    }

    /// The record of a reception by `receiver` that failed with `failure` at `time` on its radio's
    /// clock: no octets, an empty sender, and one reception `lost` at an unknown (`nan`) level
    /// with ``CaptureDetail/failure(_:)``.
    public init(failure: ReceiveFailure, by receiver: String, at time: Duration) {
        let reception = TraceReception(
            receiver: receiver, level: PowerLevel(dBm: .nan), outcome: .lost, capture: .failure(failure))
        self.init(time: time.picoseconds, frame: [], sender: "", receptions: [reception])
    }
}
