import UWBCore

/// A frame's STS as it reached one antenna: which sequence it is, when its RMARKER arrived along the
/// straight line and the channel it came through. A DW3000 that receives one frame correlates with
/// every STS that overlaps it, so an attacker's early frame can carry the preamble while the genuine
/// STS comes later.
public struct SecureTimestampOnAir: Sendable {
    /// The sequence.
    public let sequence: TransmittedSecureTimestamp
    /// When the frame's RMARKER (the start of its STS) reached the antenna along the straight line.
    public let rmarker: SimulationTime
    /// The channel the frame came through, which the STS accumulator gathers.
    public let channel: ChannelLookup

    /// The STS of `arrival`, if it carries one.
    init?(_ arrival: borrowing Arrival) {
        guard let sequence = arrival.transmission.secureTimestamp else { return nil }
        self.sequence = sequence
        rmarker = arrival.rmarker
        channel = arrival.channel
    }
}
