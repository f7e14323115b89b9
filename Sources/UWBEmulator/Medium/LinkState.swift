import UWBCore

/// What the medium holds per ordered pair of devices: the link's random stream and its
/// shadowing, drawn once from that stream when the link carries its first frame.
struct LinkState {
    /// The link's random stream, as far as it has been drawn.
    var random: SeededRandom
    /// The link's shadowing.
    let shadowing: PowerRatio
}
