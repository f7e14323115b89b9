import UWBCore

/// One transmission as it reaches one receiving chip's antenna, with everything the channel did to it.
public struct Arrival: Sendable {
    /// The transmission.
    public let transmission: Transmission
    /// Which transmission of the run this is (the medium counts them from 0): two frames
    /// reaching an antenna at the same instant are still two frames.
    public let transmissionIndex: Int
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
    public var secondPortPhase: Angle? = nil
    /// How much earlier than its true first path an early-path attacker's copy of the preamble arrives,
    /// at the first path's strength (``Medium/advanceFirstPath(at:by:from:)``); zero without one. The
    /// frame's STS, which the attacker cannot predict, has no such copy.
    public var firstPathAdvance: Duration = .zero
}
