import UWBCore

/// A frame's STS as it reached one antenna: which sequence it is and when and how strongly its
/// first path arrived. A DW3000 that receives one frame correlates with every STS that overlaps
/// it, so an attacker's early frame can carry the preamble while the genuine STS comes later.
public struct SecureTimestampOnAir: Sendable {
    /// The sequence.
    public let sequence: TransmittedSecureTimestamp
    /// When the frame's RMARKER (the start of its STS) reached the antenna along the first path.
    public let rmarker: SimulationTime
    /// The leading-edge error the channel gave that frame, in seconds (positive = late).
    public let timestampError: Double
    /// The level of that frame's first path.
    public let firstPathLevel: PowerLevel

    /// The STS of `arrival`, if it carries one.
    init?(_ arrival: Arrival) {
        guard let sequence = arrival.transmission.secureTimestamp else { return nil }
        self.sequence = sequence
        rmarker = arrival.rmarker
        timestampError = arrival.timestampError
        firstPathLevel = arrival.firstPathLevel
    }
}
