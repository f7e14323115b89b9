import UWBCore

/// A measurement with its anchors and clock looked up once, for the solver's inner loops: the
/// anchors by their index in the solver's name order and with their positions, the clock by its
/// index among the clocks of the measurements being solved.
struct ResolvedMeasurement {
    /// The measured anchor's index in the solver's name order.
    let anchorIndex: Int
    /// The measured anchor's position.
    let anchor: Vector3
    /// The reference anchor's index and position, for a distance difference.
    let reference: (index: Int, position: Vector3)?
    /// The measured value in metres.
    let value: Double
    /// 1 / σ², σ in metres.
    let weight: Double
    /// The index of the pseudorange's clock offset among the clocks, for a pseudorange: numbered
    /// in the order the clocks first appear among the measurements solved together.
    var clock: Int?

    /// Whether it is a distance to one anchor (neither a difference nor a pseudorange).
    var isDistance: Bool { reference == nil && clock == nil }
}
