/// The deterministic part of a link between two devices that never move: with both antennas
/// fixed, the distance, mean path loss, obstacles and body shadowing, and so the levels, are
/// the same for every frame; only the excess-delay draw changes (and it is still drawn).
struct StillLink {
    /// The sending chip the draw was for.
    let senderChip: Int
    /// The transmit level the draw was for.
    let transmitLevel: Double
    /// The channel draw, body shadowing applied; its excess delay is replaced for each frame.
    let link: LinkSample
    /// The flight time to the receiver's first chip, in seconds and in whole picoseconds.
    let flight: Double
    let flightPicoseconds: Int64

    /// Whether this draw is for frames from `senderChip` at `transmitLevel` dBm.
    func matches(senderChip: Int, transmitLevel: Double) -> Bool {
        self.senderChip == senderChip && self.transmitLevel == transmitLevel
    }
}
