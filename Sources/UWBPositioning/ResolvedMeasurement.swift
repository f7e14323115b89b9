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
    var weight: Double
    /// The index of the pseudorange's clock offset among the clocks, for a pseudorange: numbered
    /// in the order the clocks first appear among the measurements solved together.
    var clock: Int?

    /// `measurement` of the anchor `anchor` (its index and position), against `reference` for a
    /// distance difference, on the clock numbered `clock` for a pseudorange.
    init(_ measurement: PositionMeasurement, anchor: (index: Int, position: Vector3), reference: (index: Int, position: Vector3)?, clock: Int?) {
        anchorIndex = anchor.index
        self.anchor = anchor.position
        self.reference = reference
        value = measurement.metres
        let deviation = measurement.deviation
        weight = 1 / (deviation * deviation)
        self.clock = clock
    }

    /// Whether it is a distance to one anchor (neither a difference nor a pseudorange).
    var isDistance: Bool { reference == nil && clock == nil }
}
