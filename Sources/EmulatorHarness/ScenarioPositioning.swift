import UWBCore
import UWBEmulator
import UWBPositioning

/// DL-TDoA positioning in a scenario's world: its anchors (devices with an
/// ``UWBEmulator/PositioningRole/anchor(cluster:surveyedPosition:)`` role) run rounds cluster by
/// cluster through UWBPositioning's ``DownlinkTDoAAnchor`` on their emulated radios, its tags
/// listen through ``DownlinkTDoATag``, fix positions with a ``DownlinkTDoALocator`` and track them
/// with a ``PositionTracker``, and every fix is recorded with the emulator's truth.
///
/// Each cluster's first anchor initiates, the others respond in scenario order. Every cluster runs
/// ``UWBEmulator/PositioningSpec/roundsPerSecond`` rounds a second, the clusters one after the
/// other from 10 ms into the run, so no two rounds share the air. A tag fixes in 2-D at its
/// starting antenna height when the anchors cannot tell heights apart (all at one height, as on a
/// ceiling), in 3-D otherwise.
public final class ScenarioPositioning {
    /// The emulated world.
    public let emulation: Emulation
    /// The network the anchors serve.
    public let network: PANIdentifier
    /// The time between a cluster's rounds.
    public let period: Duration
    /// The anchors' software, in scenario order.
    public let anchors: [DownlinkTDoAAnchor]
    /// How long all clusters' rounds take, one after the other: the longest span of the rounds
    /// one fix uses.
    public let roundSpan: Duration
    /// The frame a site origin ties the scenario's coordinates to, if it has one.
    public let siteFrame: SiteFrame?
    /// Every fix not yet taken with ``takeRecords()``, in time order.
    public private(set) var records: [PositionRecord] = []

    /// The tags' software, kept here: the radios only hold it weakly.
    private var tags: [DownlinkTDoATag] = []
    /// Per tag (by device index): its locator and its tracker.
    private var locators: [Int: DownlinkTDoALocator] = [:]
    private var trackers: [Int: PositionTracker] = [:]

    /// The tags' acceleration the trackers assume when none is given: 1 m/s², people walking and
    /// vehicles driving steadily.
    public static let defaultTagAcceleration = Acceleration(metresPerSecondSquared: 1)
    /// When the first cluster's first round starts.
    public static let firstRound = Duration.milliseconds(10)
    /// The anchors' height differences below which they cannot fix a height: 10 cm.
    public static let flatAnchorTolerance = Distance.centimetres(10)

    /// Sets up positioning on a scenario's world.
    ///
    /// - Parameters:
    ///   - seed: overrides the scenario's seed.
    ///   - timestampDeviation: the receive timestamp deviation the tags' locators assume; `nil`
    ///     for the scenario's (``UWBEmulator/PositioningSpec/timestampDeviation``).
    ///   - tagAcceleration: the standard deviation of the tags' acceleration their trackers assume.
    /// - Throws: ``ScenarioPositioningError`` for a world without anchors or tags, clusters whose
    ///   rounds do not fit the period, an anchor position its frames cannot carry, a site origin
    ///   off the globe, or a world the emulator cannot build.
    public init(
        scenario: Scenario, seed: UInt64? = nil, timestampDeviation: Distance? = nil,
        tagAcceleration: Acceleration = ScenarioPositioning.defaultTagAcceleration
    ) throws(ScenarioPositioningError) {
        let spec = scenario.positioning
        network = PANIdentifier(rawValue: spec.network)
        period = .seconds(1 / spec.roundsPerSecond)
        do {
            siteFrame = try spec.siteOrigin.map { (origin) throws(PositioningError) in try SiteFrame(origin: origin) }
        } catch {
            throw .siteOrigin(error)
        }
        var clusters: [String: [Int]] = [:]
        var clusterOrder: [String] = []
        var tagIndices: [Int] = []
        for (index, device) in scenario.devices.enumerated() {
            switch device.positioning {
            case .anchor(let cluster, _):
                if clusters[cluster] == nil { clusterOrder.append(cluster) }
                clusters[cluster, default: []].append(index)
            case .tag:
                tagIndices.append(index)
            case nil:
                break
            }
        }
        guard !clusterOrder.isEmpty else { throw .noAnchors }
        guard !tagIndices.isEmpty else { throw .noTags }
        let world: Emulation
        do {
            world = try Emulation(scenario: scenario, seed: seed)
        } catch {
            throw .emulation(error)
        }
        emulation = world
        let start = SimulationTime.zero
        let schedules = clusterOrder.map { cluster in
            DownlinkTDoASchedule(configuration: world.configuration, responders: clusters[cluster, default: []].count - 1, kind: .emulated)
        }
        let spacing = schedules.map { $0.roundDuration + DownlinkTDoASchedule.guardTime }
        let needed = spacing.reduce(Duration.zero, +)
        guard needed <= period else { throw .roundsDoNotFit(clusters: clusterOrder.count, needed: needed, period: period) }
        roundSpan = needed
        var software: [DownlinkTDoAAnchor] = []
        var offset = Self.firstRound
        for (cluster, schedule) in zip(clusterOrder, schedules) {
            let members = clusters[cluster, default: []]
            for (slot, index) in members.enumerated() {
                let device = world.devices[index]
                let surveyed: Position? = if case .anchor(_, let position) = scenario.devices[index].positioning { position } else { nil }
                let position = surveyed ?? world.antennaPosition(of: index, at: start) ?? scenario.devices[index].position
                let role: DownlinkTDoAAnchor.Role = slot == 0
                    ? .initiator(period: period, firstRound: offset)
                    : .responder(initiator: Self.address(members[0]), slot: slot - 1)
                do {
                    let anchor = try DownlinkTDoAAnchor(
                        on: device.radio, network: network, address: Self.address(index), position: position, role: role,
                        schedule: schedule)
                    device.radio.adopt(anchor)
                    software.append(anchor)
                } catch {
                    throw .anchorPosition(device: device.name, error)
                }
            }
            offset += schedule.roundDuration + DownlinkTDoASchedule.guardTime
        }
        anchors = software
        let anchorHeights = software.map(\.position.metres.y)
        let flat = (anchorHeights.max() ?? 0) - (anchorHeights.min() ?? 0) < Self.flatAnchorTolerance.metres
        for index in tagIndices {
            let device = emulation.devices[index]
            let height = emulation.antennaPosition(of: index, at: start)?.metres.y ?? scenario.devices[index].position.metres.y
            locators[index] = DownlinkTDoALocator(
                geometry: flat ? .planar(height: Distance(metres: height)) : .spatial,
                timestampDeviation: timestampDeviation ?? spec.timestampDeviation,
                window: needed)
            trackers[index] = PositionTracker(acceleration: tagAcceleration)
            let tag = DownlinkTDoATag(on: device.radio, network: network) { [weak self] observation in
                self?.take(observation, tag: index)
            }
            device.radio.adopt(tag)
            tags.append(tag)
        }
    }

    /// A device's short address on the emulator: its index plus one.
    private static func address(_ index: Int) -> UInt16 {
        UInt16(truncatingIfNeeded: index + 1)
    }

    /// Hands a tag's round to its locator and records the fixes it completes.
    private func take(_ observation: DownlinkTDoAObservation, tag index: Int) {
        guard let results = locators[index]?.add(observation) else { return }
        let now = emulation.simulator.now
        let truth = emulation.antennaPosition(of: index, at: now) ?? .origin
        for result in results {
            var geodetic: GeodeticPosition?
            var tracked: TrackedPosition?
            if case .success(let fix) = result {
                geodetic = siteFrame?.geodetic(fix.position)
                tracked = trackers[index]?.update(with: fix, at: now - .zero)
            }
            records.append(PositionRecord(
                time: now, device: emulation.devices[index].name, method: .downlinkTDoA, result: result, geodetic: geodetic,
                tracked: tracked, truth: truth))
        }
    }

    /// Runs the world until `end` (paced against the wall clock if `pacing` is given).
    public func run(until end: SimulationTime, pacing: Pacing? = nil) {
        emulation.run(until: end, pacing: pacing)
    }

    /// The fixes made since the last call (or the start), no longer kept here.
    public func takeRecords() -> [PositionRecord] {
        defer { records.removeAll() }
        return records
    }
}
