/// What the medium keeps of a link's last frame for the next, for a link whose receiver hears
/// the sender (links too weak to matter keep nothing but their ``LinkState``).
struct LinkCache {
    /// The channel draw, while both devices stand still.
    var still: StillLink?
    /// The receiver figures, for the next frame at the same level.
    var figures: ReceptionFigures?
}
