import UWBCore

/// A listening tag's positions from the rounds it hears: it gathers one round of every cluster
/// (each initiator anchor's latest) and fixes a position from their distance differences as soon
/// as the set is complete, so a fix comes with the last frame of the last cluster's round.
///
/// "Complete" means every initiator of the previous set has been heard again. A cluster that falls
/// silent is noticed when another initiator repeats before it: the set is fixed without it, and
/// the next set no longer waits for it; a cluster that appears joins the set after.
public struct DownlinkTDoALocator: Sendable {
    /// The space positions are fixed in.
    public let geometry: SolverGeometry
    /// The standard deviation of one receive timestamp, as a distance.
    public let timestampDeviation: Distance

    /// The initiators of the last set fixed.
    private var expected: Set<String> = []
    /// The rounds of the set being gathered, by initiator.
    private var gathered: [DownlinkTDoAObservation] = []

    /// A locator fixing in `geometry` with receive timestamps of deviation `timestampDeviation`.
    public init(geometry: SolverGeometry, timestampDeviation: Distance) {
        self.geometry = geometry
        self.timestampDeviation = timestampDeviation
    }

    /// Takes a round the tag heard; returns the fixes (or why none) of the sets it completed:
    /// none while a set is still gathering, usually one, two when an initiator repeating closes an
    /// incomplete set and the round completes a set on its own.
    public mutating func add(_ observation: DownlinkTDoAObservation) -> [Result<PositionFix, PositioningError>] {
        var results: [Result<PositionFix, PositioningError>] = []
        if gathered.contains(where: { $0.round.initiator == observation.round.initiator }) {
            results.append(flush())
        }
        gathered.append(observation)
        if !expected.isEmpty, expected.isSubset(of: Set(gathered.map(\.round.initiator))) {
            results.append(flush())
        }
        return results
    }

    /// Fixes the gathered set and starts the next one.
    private mutating func flush() -> Result<PositionFix, PositioningError> {
        defer {
            expected = Set(gathered.map(\.round.initiator))
            gathered.removeAll()
        }
        return Self.fix(gathered, geometry: geometry, timestampDeviation: timestampDeviation)
    }

    /// The position the rounds `observations` fix: their anchors (the position each last sent) and
    /// every round's pseudoranges, one clock offset per round.
    public static func fix(
        _ observations: [DownlinkTDoAObservation], geometry: SolverGeometry, timestampDeviation: Distance
    ) -> Result<PositionFix, PositioningError> {
        var anchors: [String: Anchor] = [:]
        for anchor in observations.flatMap(\.anchors) {
            anchors[anchor.name] = anchor
        }
        do throws(PositioningError) {
            let solver = try PositionSolver(anchors: anchors.values.sorted { $0.name < $1.name }, geometry: geometry)
            var measurements: [PositionMeasurement] = []
            for observation in observations {
                measurements += try observation.round.pseudoranges(
                    for: solver, clock: "\(observation.round.initiator) round \(observation.roundNumber)",
                    timestampDeviation: timestampDeviation)
            }
            return .success(try solver.fix(measurements))
        } catch {
            return .failure(error)
        }
    }
}
