import UWBCore

/// Where a receiving chip finds the channel a frame came through: the pair's ``LinkChannel`` with the two
/// antennas' positions (the pair's lower end first), the frame's wavelength and what obstacles and bodies do
/// on the way, and the level of a path as strong as the whole channel without them. The chip works the
/// response out only when it keeps the frame (``response(whole:)``).
public struct ChannelLookup: @unchecked Sendable {
    /// The pair's channel (its world's environment is shared by the medium's run, on one thread).
    let link: LinkChannel
    /// The antennas, in metres: the pair's lower end and its upper end.
    let lower: Vector3
    let upper: Vector3
    /// The carrier's wavelength, in metres.
    let wavelength: Double
    /// What the obstacles and the devices' bodies do to the paths.
    let obstruction: PathObstruction
    let body: BodyShares
    /// The level a path of |a|² = 1 arrives at: the transmit level less the mean path loss and the shadowing.
    public let pathLevel: PowerLevel
    /// The link's values for as long as both devices stand still, which keep the response once worked out;
    /// nil when the ends may have moved since the link's last frame (or for a chip other than its first).
    let still: StillLink?

    /// The response at the two antennas; `whole` keeps the late paths too (for a read of the whole
    /// accumulator).
    public func response(whole: Bool = false) -> ChannelResponse {
        if !whole, let kept = still?.response {
            return kept
        }
        let response = link.response(
            lower: lower, upper: upper, wavelength: wavelength, obstruction: obstruction, body: body, whole: whole)
        if !whole {
            still?.response = response
        }
        return response
    }
}

extension ChannelLookup {
    /// A channel of one path, straight and clear, arriving at `level`: the ideal air of a chip bench.
    static func direct(level: PowerLevel) -> ChannelLookup {
        ChannelLookup(
            link: LinkChannel(profile: nil, seed: 0, shadowingDeviation: PowerRatio(decibels: 0)), lower: .zero, upper: .zero,
            wavelength: 0.0462, obstruction: .clear, body: .clear, pathLevel: level, still: nil)
    }
}
