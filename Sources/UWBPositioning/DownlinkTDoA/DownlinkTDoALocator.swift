import UWBCore

/// A listening tag's positions from the rounds it hears: it gathers one round of every cluster
/// (each initiator anchor's latest) and fixes a position from their pseudoranges as soon as the
/// set is complete, so a fix comes with the last frame of the last cluster's round.
///
/// "Complete" means every initiator of the previous set has been heard again. A set also closes,
/// complete or not, when a round comes more than ``window`` after its first (by the tag's clock)
/// or its initiator repeats: so the first set closes with the next period's first round, a set
/// never mixes rounds of two periods (from which a moving tag would have moved on), and a cluster
/// that falls silent is fixed without and no longer waited for; one that appears joins the set after.
public struct DownlinkTDoALocator: Sendable {
    /// The space positions are fixed in.
    public let geometry: SolverGeometry
    /// The standard deviation of one receive timestamp, as a distance.
    public let timestampDeviation: Distance
    /// The longest span of one set's rounds: the time all clusters' rounds take, one after the other.
    public let window: Duration

    /// The initiators of the last set fixed.
    private var expected: Set<String> = []
    /// The rounds of the set being gathered, by initiator.
    private var gathered: [DownlinkTDoAObservation] = []
    /// The rounds of the last set fixed.
    private var closed: [DownlinkTDoAObservation] = []

    /// A locator fixing in `geometry` with receive timestamps of deviation `timestampDeviation`,
    /// from sets of rounds that span at most `window`.
    public init(geometry: SolverGeometry, timestampDeviation: Distance, window: Duration) {
        self.geometry = geometry
        self.timestampDeviation = timestampDeviation
        self.window = window
    }

    /// Takes a round the tag heard; returns the fixes (or why none) of the sets it closed: none
    /// while a set is still gathering, usually one, two when the round closes an incomplete set and
    /// completes a set on its own. A round of a cluster the last set lacked that comes within its
    /// window joins it and fixes it again: the set had closed before the cluster appeared.
    public mutating func add(_ observation: DownlinkTDoAObservation) -> [Result<PositionFix, PositioningError>] {
        let initiator = observation.round.initiator
        if gathered.isEmpty, let first = closed.first, within(first, observation), !closed.contains(where: { $0.round.initiator == initiator }) {
            closed.append(observation)
            expected.insert(initiator)
            return [Self.fix(closed, geometry: geometry, timestampDeviation: timestampDeviation)]
        }
        var results: [Result<PositionFix, PositioningError>] = []
        if let first = gathered.first, !within(first, observation) || gathered.contains(where: { $0.round.initiator == initiator }) {
            results.append(flush())
        }
        gathered.append(observation)
        if !expected.isEmpty, expected.isSubset(of: Set(gathered.map(\.round.initiator))) {
            results.append(flush())
        }
        return results
    }

    /// Whether `later`'s Final came within ``window`` of `first`'s, by the tag's clock.
    private func within(_ first: DownlinkTDoAObservation, _ later: DownlinkTDoAObservation) -> Bool {
        later.round.finalReceived.elapsed(since: first.round.finalReceived).seconds <= window.secondsValue
    }

    /// Fixes the gathered set and starts the next one.
    private mutating func flush() -> Result<PositionFix, PositioningError> {
        defer {
            expected = Set(gathered.map(\.round.initiator))
            closed = gathered
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
