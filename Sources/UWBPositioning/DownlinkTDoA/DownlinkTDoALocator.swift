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

    /// The rounds of the set being gathered, by initiator.
    private var gathered: [DownlinkTDoAObservation] = []
    /// The rounds of the last set fixed, one per initiator: the initiators the next set waits for.
    private var closed: [DownlinkTDoAObservation] = []
    /// A solver for every anchor the sets fixed so far had, each where it last stood.
    private var solver: PositionSolver?
    /// The anchors of each initiator's round last found in ``solver`` as they are there: a round
    /// with the same needs no look-up.
    private var verified: [(initiator: UInt16, anchors: [Anchor])] = []
    /// The storage the solver works in, kept from fix to fix.
    private var workspace = SolverWorkspace()
    /// What each anchor's pseudoranges have shown of their errors, to weigh the next fix by.
    private var weighting = ResidualWeighting()

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
    /// Given `prior`, where the tag's track expects it now (worked out only when a set closes), a
    /// fix leaves out a measurement that alone pulls it beyond the track's gate (``PositionPrior``).
    public mutating func add(
        _ observation: DownlinkTDoAObservation, prior: @autoclosure () -> PositionPrior? = nil
    ) -> [Result<PositionFix, PositioningError>] {
        let initiator = observation.round.initiator
        if gathered.isEmpty, let first = closed.first, within(first, observation), !Self.has(closed, initiator) {
            closed.append(observation)
            return [fix(closed, prior: prior())]
        }
        var results: [Result<PositionFix, PositioningError>] = []
        if let first = gathered.first, !within(first, observation) || Self.has(gathered, initiator) {
            results.append(flush(prior: prior()))
        }
        gathered.append(observation)
        if !closed.isEmpty, closed.allSatisfy({ Self.has(gathered, $0.round.initiator) }) {
            results.append(flush(prior: prior()))
        }
        return results
    }

    /// Whether `later`'s last reception came within ``window`` of `first`'s, by the tag's clock.
    private func within(_ first: DownlinkTDoAObservation, _ later: DownlinkTDoAObservation) -> Bool {
        later.round.lastReceived.elapsed(since: first.round.lastReceived).seconds <= window.secondsValue
    }

    /// Whether `observations` hold a round of `initiator`.
    private static func has(_ observations: [DownlinkTDoAObservation], _ initiator: String) -> Bool {
        observations.contains { $0.round.initiator == initiator }
    }

    /// Fixes the gathered set (checked against `prior`) and starts the next one.
    private mutating func flush(prior: PositionPrior?) -> Result<PositionFix, PositioningError> {
        defer {
            swap(&closed, &gathered)
            gathered.removeAll(keepingCapacity: true)
        }
        return fix(gathered, prior: prior)
    }

    /// The position `observations` fix, checked against `prior`.
    private mutating func fix(_ observations: [DownlinkTDoAObservation], prior: PositionPrior?) -> Result<PositionFix, PositioningError> {
        do throws(PositioningError) {
            let solver = try solver(for: observations)
            let fix = try Self.fix(
                observations, solver: solver, timestampDeviation: timestampDeviation, weighting: weighting, prior: prior, in: &workspace)
            weighting.learn(from: fix)
            return .success(fix)
        } catch {
            return .failure(error)
        }
    }

    /// A solver for the anchors of `observations`, each at the position it last sent: the last
    /// one, unless an anchor is new or has moved; then a new one, for them and the other anchors
    /// the last one had. A solver fixes from the anchors its measurements name, so the others
    /// change nothing.
    ///
    /// - Throws: ``PositioningError/unsurveyedAnchor(_:)`` for an anchor whose position is not finite.
    private mutating func solver(for observations: [DownlinkTDoAObservation]) throws(PositioningError) -> PositionSolver {
        if let solver, has(observations, in: solver) {
            return solver
        }
        let solver = try PositionSolver(anchors: Self.anchors(of: observations, over: solver?.ordered ?? []), geometry: geometry)
        self.solver = solver
        verified.removeAll(keepingCapacity: true)
        return solver
    }

    /// Whether `solver` has every anchor of `observations` where it stands: at once for a round
    /// whose anchors are those ``verified`` for its initiator, else by looking them up, remembering
    /// those it has.
    private mutating func has(_ observations: [DownlinkTDoAObservation], in solver: PositionSolver) -> Bool {
        for observation in observations {
            let index = verified.firstIndex { $0.initiator == observation.initiator }
            if let index, verified[index].anchors == observation.anchors {
                continue
            }
            guard observation.anchors.allSatisfy({ solver.anchors[$0.name] == $0 }) else { return false }
            if let index {
                verified[index].anchors = observation.anchors
            } else {
                verified.append((observation.initiator, observation.anchors))
            }
        }
        return true
    }

    /// The position the rounds `observations` fix: their anchors (the position each last sent) and
    /// every round's pseudoranges, one clock offset per round.
    public static func fix(
        _ observations: [DownlinkTDoAObservation], geometry: SolverGeometry, timestampDeviation: Distance
    ) -> Result<PositionFix, PositioningError> {
        do throws(PositioningError) {
            let solver = try PositionSolver(anchors: anchors(of: observations, over: []), geometry: geometry)
            var workspace = SolverWorkspace()
            return .success(try fix(
                observations, solver: solver, timestampDeviation: timestampDeviation, weighting: ResidualWeighting(), prior: nil, in: &workspace))
        } catch {
            return .failure(error)
        }
    }

    /// The anchors of `observations`, each at the position it last sent, and those of `known` (in
    /// the order of their names, one per name) that they do not have, in the order of their names.
    private static func anchors(of observations: [DownlinkTDoAObservation], over known: [Anchor]) -> [Anchor] {
        // Kept in order by inserting each where it belongs: a site's dozen or so anchors take a few
        // comparisons each, fewer instructions than hashing their names into a dictionary to sort.
        var anchors = known
        for observation in observations {
            for anchor in observation.anchors {
                let index = anchors.firstIndex { !($0.name < anchor.name) } ?? anchors.endIndex
                if index < anchors.endIndex, anchors[index].name == anchor.name {
                    anchors[index] = anchor
                } else {
                    anchors.insert(anchor, at: index)
                }
            }
        }
        return anchors
    }

    /// The position `solver` fixes from every round's pseudoranges in `observations`, each weighed
    /// by `weighting` and checked against `prior`, in `workspace`.
    private static func fix(
        _ observations: [DownlinkTDoAObservation], solver: PositionSolver, timestampDeviation: Distance, weighting: ResidualWeighting,
        prior: PositionPrior?, in workspace: inout SolverWorkspace
    ) throws(PositioningError) -> PositionFix {
        var measurements: [PositionMeasurement] = []
        var resolved: [ResolvedMeasurement] = []
        let count = observations.reduce(0) { $0 + $1.round.responses.count + 1 }
        measurements.reserveCapacity(count)
        resolved.reserveCapacity(count)
        // The rounds' clocks numbered as the solver numbers them: in the order they first appear
        // among the measurements (a round that gives none gets none). A clock is told by its
        // initiator and round number, which its name spells out and no other's does.
        var clocks: [(initiator: String, round: UInt16)] = []
        clocks.reserveCapacity(observations.count)
        for observation in observations {
            let clock = (initiator: observation.round.initiator, round: observation.roundNumber)
            let number = clocks.firstIndex { $0.initiator == clock.initiator && $0.round == clock.round } ?? clocks.count
            let before = measurements.count
            try observation.round.appendPseudoranges(
                for: solver, clock: "\(clock.initiator) round \(clock.round)", numbered: number, timestampDeviation: timestampDeviation,
                to: &measurements, resolved: &resolved)
            if number == clocks.count, measurements.count > before {
                clocks.append(clock)
            }
        }
        weighting.weigh(&measurements, resolved: &resolved)
        return try solver.fix(measurements, resolved: resolved, prior: prior, in: &workspace)
    }
}
