import UWBCore

/// What each anchor's measurements have shown of their own errors: the mean square of their
/// residuals in a tag's recent fixes, smoothed exponentially, for a locator to weigh the next fix
/// by. An anchor whose path to the tag is blocked or reflected for a while (a forklift driving
/// behind a rack) keeps showing residuals larger than the site's stated deviation; a measurement
/// of it then counts with the deviation its residuals show, never less than the stated one. The
/// emulated channel, like a real one, is consistent in space, so such a spell lasts while the
/// tag moves through it.
///
/// In the warehouse over five seeds, weighing so took the forklift's p95 from 30.1 to about
/// 26 cm (`Docs/benchmarks.md`, Positioning). Where the stated deviation is right (line of sight),
/// the residuals' mean square stays below it (a fix absorbs part of each error) and nothing changes.
public struct ResidualWeighting: Sendable {
    /// How much of each new residual's square the mean takes: 0.2, about the last five fixes
    /// (half a second at 10 Hz, 1.4 m of a forklift at 2.8 m/s).
    public static let smoothing = 0.2

    /// The mean square residual in m² of each anchor heard so far, in the order first heard,
    /// searched linearly from where the measurement's place suggests: a tag hears its anchors in
    /// the same order fix after fix, so the first comparison usually finds it, fewer instructions
    /// than hashing a name.
    private var meanSquares: [(anchor: String, value: Double)] = []

    /// No anchor's errors known yet.
    public init() {}

    /// The standard deviation to give a measurement of `anchor` whose own is `stated`: the root
    /// of the anchor's mean square residual where that is larger.
    public func deviation(of anchor: String, stated: Distance) -> Distance {
        deviation(of: anchor, stated: stated, hint: 0)
    }

    /// ``deviation(of:stated:)``, looking first at the anchor `hint` places along.
    private func deviation(of anchor: String, stated: Distance, hint: Int) -> Distance {
        guard let index = index(of: anchor, hint: hint), meanSquares[index].value > stated.metres * stated.metres else {
            return stated
        }
        return Distance(metres: meanSquares[index].value.squareRoot())
    }

    /// Where `anchor` is in ``meanSquares``, looking at `hint` first.
    private func index(of anchor: String, hint: Int) -> Int? {
        if hint < meanSquares.count, meanSquares[hint].anchor == anchor {
            return hint
        }
        return meanSquares.firstIndex { $0.anchor == anchor }
    }

    /// Takes the residuals of `fix`'s measurements into each anchor's mean (the measured anchor's,
    /// for a difference); an anchor's first starts from its measurement's stated variance.
    public mutating func learn(from fix: PositionFix) {
        for (place, (measurement, residual)) in zip(fix.used, fix.residuals).enumerated() {
            let anchor = measurement.measuredAnchor
            let square = residual.metres * residual.metres
            let index = self.index(of: anchor, hint: place) ?? {
                meanSquares.append((anchor, measurement.deviation * measurement.deviation))
                return meanSquares.count - 1
            }()
            meanSquares[index].value += Self.smoothing * (square - meanSquares[index].value)
        }
    }

    /// `measurements` with each one's standard deviation as ``deviation(of:stated:)`` gives it.
    public func weighed(_ measurements: [PositionMeasurement]) -> [PositionMeasurement] {
        measurements.enumerated().map { place, measurement in reweighed(measurement, place: place)?.measurement ?? measurement }
    }

    /// ``weighed(_:)`` in place, on `measurements` and on `resolved`, the same measurements
    /// resolved, whose weights it sets to match.
    func weigh(_ measurements: inout [PositionMeasurement], resolved: inout [ResolvedMeasurement]) {
        precondition(measurements.count == resolved.count, "each measurement resolved")
        for index in measurements.indices {
            guard let reweighed = reweighed(measurements[index], place: index) else { continue }
            measurements[index] = reweighed.measurement
            resolved[index].weight = 1 / (reweighed.deviation.metres * reweighed.deviation.metres)
        }
    }

    /// `measurement`, the `place`th of its fix, with the standard deviation ``deviation(of:stated:)``
    /// gives it, and that deviation; nil where that is its own.
    private func reweighed(_ measurement: PositionMeasurement, place: Int) -> (measurement: PositionMeasurement, deviation: Distance)? {
        let stated = Distance(metres: measurement.deviation)
        let deviation = self.deviation(of: measurement.measuredAnchor, stated: stated, hint: place)
        guard deviation != stated else { return nil }
        return (measurement.with(deviation: deviation), deviation)
    }
}
