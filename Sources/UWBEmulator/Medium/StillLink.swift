/// What stays the same for every frame of a link between two devices that never move: with both antennas
/// fixed, the level, the obstruction and the shadowing, and so the receiver figures; only the per-frame
/// draws change.
///
/// A class, not a struct: the medium reads a link's values out of its cache for every frame, and a reference
/// to them costs one retain where a copy of the values costs one per reference they hold (the pair's
/// environment, the obstruction's lists) and an outlined copy of the whole.
final class StillLink {
    /// The sending chip the values are for.
    let senderChip: Int
    /// The transmit level the values are for.
    let transmitLevel: Double
    /// The carrier frequency, in hertz, the values are for (materials lose more at higher frequencies).
    let frequency: Double
    /// The received level, in dBm, before any frequency term.
    let level: Double
    /// The level of a unit path, in dBm (``ChannelLookup/pathLevel``).
    let pathLevel: Double
    /// What the obstacles and the bodies do on the way between the devices' centres.
    let obstruction: PathObstruction
    let body: BodyShares
    /// The pair's channel, and whether the sender is its lower end.
    let pair: LinkChannel
    let senderLower: Bool
    /// The flight time to the receiver's first chip, in seconds and in whole picoseconds.
    let flight: Double
    let flightPicoseconds: Int64
    /// The response to the receiver's first chip, once a reception has worked it out: with both ends
    /// fixed it is the same for every frame, so a frame of the link finds it here rather than in the
    /// world's ``ResponseCache`` (whose look-up hashes the ends' positions).
    var response: ChannelResponse?

    /// The values of a link from `senderChip` at `transmitLevel` dBm and `frequency` Hz.
    init(
        senderChip: Int, transmitLevel: Double, frequency: Double, level: Double, pathLevel: Double,
        obstruction: PathObstruction, body: BodyShares, pair: LinkChannel, senderLower: Bool, flight: Double,
        flightPicoseconds: Int64
    ) {
        self.senderChip = senderChip
        self.transmitLevel = transmitLevel
        self.frequency = frequency
        self.level = level
        self.pathLevel = pathLevel
        self.obstruction = obstruction
        self.body = body
        self.pair = pair
        self.senderLower = senderLower
        self.flight = flight
        self.flightPicoseconds = flightPicoseconds
    }

    /// Whether these values are for frames from `senderChip` at `transmitLevel` dBm and `frequency` Hz.
    func matches(senderChip: Int, transmitLevel: Double, frequency: Double) -> Bool {
        self.senderChip == senderChip && self.transmitLevel == transmitLevel && self.frequency == frequency
    }
}
