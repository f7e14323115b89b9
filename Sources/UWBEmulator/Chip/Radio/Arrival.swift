import UWBCore

/// One transmission as it reaches one receiving chip's antenna, with everything the channel did to it.
///
/// A class rather than a struct: the receiving port, the events of its preamble and its end, and the chip
/// that locks onto it all hold the same arrival, and a reference is one retain where a copy moves every
/// value.
public final class Arrival: Sendable {
    /// The transmission.
    public let transmission: Transmission
    /// Which transmission of the run this is: two frames reaching an antenna at the same instant
    /// are still two frames.
    public let order: TransmissionOrder
    /// The index of the sending device in the medium (its order in the emulation): what the
    /// medium counts a frame received intact against, per link.
    public let sender: Int
    /// When the preamble reaches this antenna.
    public let start: SimulationTime
    /// When the RMARKER reaches this antenna along the first path.
    public let rmarker: SimulationTime
    /// When the frame ends at this antenna.
    public let end: SimulationTime
    /// The total received level, averaged over fading: what decides whether the preamble is detected,
    /// the payload decoded and another frame spoiled.
    public let receivedLevel: PowerLevel
    /// Where the chip finds the channel the frame came through, to accumulate its preamble.
    public let channel: ChannelLookup
    /// The carrier phase at this antenna, noise included, before the chip's own phase offset, in
    /// any number of turns: the chip wraps it (``UWBCore/Angle/wrapped``) when it uses it, which
    /// only a frame it receives needs.
    public let carrierPhase: Angle
    /// Whether the receiver can detect the preamble at all.
    public let detectable: Bool
    /// Whether the payload decodes without error (drawn from the frame success probability).
    public let decodable: Bool
    /// On a chip with two antenna ports (DW3x20), the carrier phase at the second port's
    /// antenna, noise included and in any number of turns like ``carrierPhase``; nil otherwise.
    public let secondPortPhase: Angle?
    /// How much earlier than its true first path an early-path attacker's copy of the preamble arrives,
    /// at the first path's strength (``Medium/advanceFirstPath(at:by:from:)``); zero without one. The
    /// frame's STS, which the attacker cannot predict, has no such copy.
    public let firstPathAdvance: Duration

    /// An arrival with the given values; without a second port's phase or an early-path attacker's
    /// advance unless given.
    public init(
        transmission: Transmission, order: TransmissionOrder, sender: Int, start: SimulationTime, rmarker: SimulationTime,
        end: SimulationTime, receivedLevel: PowerLevel, channel: ChannelLookup, carrierPhase: Angle, detectable: Bool,
        decodable: Bool, secondPortPhase: Angle? = nil, firstPathAdvance: Duration = .zero
    ) {
        self.transmission = transmission
        self.order = order
        self.sender = sender
        self.start = start
        self.rmarker = rmarker
        self.end = end
        self.receivedLevel = receivedLevel
        self.channel = channel
        self.carrierPhase = carrierPhase
        self.detectable = detectable
        self.decodable = decodable
        self.secondPortPhase = secondPortPhase
        self.firstPathAdvance = firstPathAdvance
    }
}
