import UWBCore
import UWBEmulator
import UWBPositioning

/// When and where a scenario's anchors send: each cluster's schedule and slot on the air (the
/// clusters one after the other from ``ScenarioPositioning/firstRound``), and each anchor's surveyed
/// position.
struct AnchorPlan {
    /// One anchor's place in the plan.
    struct Slot {
        /// The anchor's device index.
        let index: Int
        /// Its place in its cluster: 0 initiates (DL-TDoA) or is the reference (UL-TDoA).
        let slot: Int
        /// Its cluster's first anchor.
        let first: Int
        /// Where it tells tags it is.
        let position: Position
        /// The floor it tells tags it is on, if the site gives floors.
        let floor: FloorElevation?
        /// Its cluster's schedule.
        let schedule: DownlinkTDoASchedule
        /// When its cluster's first round (or sync) starts.
        let firstRound: Duration
    }

    let layout: SiteLayout
    /// How long all clusters' rounds (or syncs) take, one after the other.
    let roundSpan: Duration
    /// Whether the anchors stand at one height (within ``ScenarioPositioning/flatAnchorTolerance``).
    let isFlat: Bool
    let slots: [Slot]

    /// The plan of `scenario`'s anchors in `world` for `method`, each cluster once every `period`.
    ///
    /// - Throws: ``ScenarioPositioningError/noAnchors`` without anchors,
    ///   ``ScenarioPositioningError/roundsDoNotFit(clusters:needed:period:)`` if the clusters' rounds
    ///   take longer than the period.
    init(scenario: Scenario, world: Emulation, method: PositioningMethod, period: Duration) throws(ScenarioPositioningError) {
        layout = SiteLayout(scenario)
        guard !layout.clusters.isEmpty else { throw .noAnchors }
        let schedules = layout.clusters.map { cluster in
            DownlinkTDoASchedule(configuration: world.configuration, responders: cluster.members.count - 1, kind: .emulated)
        }
        let spacing = method == .downlinkTDoA
            ? schedules.map { $0.roundDuration + DownlinkTDoASchedule.guardTime }
            : schedules.map { $0.pollAirtime + DownlinkTDoASchedule.guardTime }
        roundSpan = spacing.reduce(Duration.zero, +)
        guard roundSpan <= period else { throw .roundsDoNotFit(clusters: layout.clusters.count, needed: roundSpan, period: period) }
        var slots: [Slot] = []
        var offset = ScenarioPositioning.firstRound
        for (cluster, (schedule, spacing)) in zip(layout.clusters, zip(schedules, spacing)) {
            for (slot, index) in cluster.members.enumerated() {
                var surveyed: Position?
                var floor: FloorElevation?
                if case .anchor(_, let position, let level) = scenario.devices[index].positioning {
                    (surveyed, floor) = (position, level)
                }
                let position = surveyed ?? world.antennaPosition(of: index, at: .zero) ?? scenario.devices[index].position
                slots.append(Slot(
                    index: index, slot: slot, first: cluster.members[0], position: position, floor: floor, schedule: schedule,
                    firstRound: offset))
            }
            offset += spacing
        }
        self.slots = slots
        let heights = slots.map(\.position.metres.y)
        isFlat = (heights.max() ?? 0) - (heights.min() ?? 0) < ScenarioPositioning.flatAnchorTolerance.metres
    }
}
