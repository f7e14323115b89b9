import UWBCore

/// A measurement with its anchors' positions, weight and clock index looked up once, for the
/// solver's inner loop.
struct ResolvedMeasurement {
    /// The measured anchor's position.
    let anchor: Vector3
    /// The reference anchor's position, for a distance difference.
    let reference: Vector3?
    /// The measured value in metres.
    let value: Double
    /// 1 / σ², σ in metres.
    let weight: Double
    /// The index of the pseudorange's clock offset among the clocks, for a pseudorange.
    let clock: Int?

    /// `measurement` with `anchors`' positions and `clocks`' indices (both checked before).
    init(_ measurement: PositionMeasurement, anchors: [String: Anchor], clocks: [String: Int]) {
        let names = measurement.anchors
        anchor = anchors[names[0]]?.position.metres ?? .zero
        reference = names.count > 1 ? anchors[names[1]]?.position.metres ?? .zero : nil
        value = measurement.metres
        weight = 1 / (measurement.deviation * measurement.deviation)
        clock = measurement.clock.flatMap { clocks[$0] }
    }
}
