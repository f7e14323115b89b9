import UWBCore

/// The UL-TDoA server's positions: it gathers the anchors' reports of each blink and fixes the
/// tag that sent it from their arrivals, each cluster's in its own time base.
///
/// A blink's arrivals are pseudoranges: the tag's distance to each anchor plus the blink's unknown
/// transmit time, one per cluster (its reference's clock). A reference anchor's own arrival has the
/// error of one reception; a follower's adds the reception of the sync it was placed by, √2 times
/// as much.
public struct UplinkTDoALocator: Sendable {
    /// The space positions are fixed in.
    public let geometry: SolverGeometry
    /// The standard deviation of one receive timestamp, as a distance.
    public let timestampDeviation: Distance

    /// The reports gathered, by tag and blink.
    private var gathered: [BlinkKey: [UplinkTDoAReport]] = [:]
    /// What each anchor's arrivals of each tag have shown of their errors, to weigh its next fix by.
    private var weightings: [UInt16: ResidualWeighting] = [:]

    /// A blink of a tag.
    private struct BlinkKey: Hashable, Sendable {
        let tag: UInt16
        let sequence: UInt16
    }

    /// A locator fixing in `geometry` with receive timestamps of deviation `timestampDeviation`.
    public init(geometry: SolverGeometry, timestampDeviation: Distance) {
        self.geometry = geometry
        self.timestampDeviation = timestampDeviation
    }

    /// Takes an anchor's report; returns whether it is the blink's first (the caller fixes the
    /// blink once its other reports have had time to come, with ``fix(tag:sequence:prior:)``).
    public mutating func add(_ report: UplinkTDoAReport) -> Bool {
        let key = BlinkKey(tag: report.tag, sequence: report.sequence)
        let first = gathered[key] == nil
        gathered[key, default: []].append(report)
        return first
    }

    /// The position of the blink `sequence` of `tag` from the reports gathered, which it forgets,
    /// or the ``PositioningError`` that says why they cannot fix it (none, too few, an ambiguous
    /// geometry, contradicting arrivals). Given `prior`, where the tag's track expects it at the
    /// blink, the fix leaves out an arrival that alone pulls it beyond the track's gate
    /// (``PositionPrior``).
    public mutating func fix(tag: UInt16, sequence: UInt16, prior: PositionPrior? = nil) -> Result<PositionFix, PositioningError> {
        let reports = gathered.removeValue(forKey: BlinkKey(tag: tag, sequence: sequence)) ?? []
        var anchors: [String: Anchor] = [:]
        for report in reports {
            anchors[report.anchor.name] = report.anchor
        }
        let speed = PhysicalConstants.speedOfLight.metresPerSecond
        var bases: [String: DeviceTime] = [:]
        let measurements = reports.map { report -> PositionMeasurement in
            let base = bases[report.reference] ?? report.arrival
            bases[report.reference] = base
            let deviation = report.anchor.name == report.reference ? timestampDeviation.metres : timestampDeviation.metres * 2.0.squareRoot()
            return .pseudorange(
                anchor: report.anchor.name, clock: "blink \(sequence) of \(tag) in \(report.reference)'s time",
                Distance(metres: (report.arrival - base).seconds * speed), standardDeviation: Distance(metres: deviation))
        }
        do throws(PositioningError) {
            let solver = try PositionSolver(anchors: anchors.values.sorted { $0.name < $1.name }, geometry: geometry)
            let weighting = weightings[tag, default: ResidualWeighting()]
            let fix = try solver.fix(weighting.weighed(measurements), prior: prior)
            weightings[tag, default: ResidualWeighting()].learn(from: fix)
            return .success(fix)
        } catch {
            return .failure(error)
        }
    }
}
