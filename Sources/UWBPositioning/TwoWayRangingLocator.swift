import UWBCore

/// A tag's positions from its two-way ranging distances to anchors: it gathers one distance from
/// every anchor and fixes a position as soon as the set is complete (every anchor of the previous
/// set measured again), or as soon as an anchor repeats before that (the set is fixed without the
/// anchors that fell silent, and the next set no longer waits for them).
///
/// A set spans at most one ranging interval, so a tag moving at walking speed has moved by up to a
/// few centimetres between its first and last distance: the fix is where it was on average.
public struct TwoWayRangingLocator: Sendable {
    /// The space positions are fixed in.
    public let geometry: SolverGeometry
    /// The standard deviation of one distance.
    public let distanceDeviation: Distance

    /// The anchors of the last set fixed.
    private var expected: Set<String> = []
    /// The distances of the set being gathered, in the order measured.
    private var gathered: [(anchor: Anchor, distance: Distance)] = []
    /// What each anchor's distances have shown of their errors, to weigh the next fix by.
    private var weighting = ResidualWeighting()

    /// A locator fixing in `geometry` from distances of deviation `distanceDeviation`.
    public init(geometry: SolverGeometry, distanceDeviation: Distance) {
        self.geometry = geometry
        self.distanceDeviation = distanceDeviation
    }

    /// Takes a distance to `anchor`; returns the fixes (or why none) of the sets it closed. Given
    /// `prior`, where the tag's track expects it now (worked out only when a set closes), a fix
    /// leaves out a distance that alone pulls it beyond the track's gate (``PositionPrior``).
    public mutating func add(
        _ distance: Distance, to anchor: Anchor, prior: @autoclosure () -> PositionPrior? = nil
    ) -> [Result<PositionFix, PositioningError>] {
        var results: [Result<PositionFix, PositioningError>] = []
        if gathered.contains(where: { $0.anchor.name == anchor.name }) {
            results.append(flush(prior: prior()))
        }
        gathered.append((anchor, distance))
        if !expected.isEmpty, expected.isSubset(of: Set(gathered.map(\.anchor.name))) {
            results.append(flush(prior: prior()))
        }
        return results
    }

    /// Fixes the gathered set (checked against `prior`) and starts the next one.
    private mutating func flush(prior: PositionPrior?) -> Result<PositionFix, PositioningError> {
        defer {
            expected = Set(gathered.map(\.anchor.name))
            gathered.removeAll()
        }
        do throws(PositioningError) {
            let solver = try PositionSolver(anchors: gathered.map(\.anchor), geometry: geometry)
            let fix = try solver.fix(
                weighting.weighed(gathered.map { .distance(to: $0.anchor.name, $0.distance, standardDeviation: distanceDeviation) }), prior: prior)
            weighting.learn(from: fix)
            return .success(fix)
        } catch {
            return .failure(error)
        }
    }
}
