import UWBCore
import UWBEmulator
import UWBPositioning

/// Positioning in a scenario's world, by the scenario's method, with every fix recorded with the
/// emulator's truth and every tag tracked with a ``PositionTracker``:
///
/// - **DL-TDoA**: the anchors (devices with an ``UWBEmulator/PositioningRole/anchor(cluster:surveyedPosition:)``
///   role) run rounds cluster by cluster through UWBPositioning's ``DownlinkTDoAAnchor``, the first
///   of each cluster initiating and the others responding in scenario order, every cluster
///   ``UWBEmulator/PositioningSpec/roundsPerSecond`` rounds a second, the clusters one after the
///   other from 10 ms into the run; the tags listen through ``DownlinkTDoATag`` and fix with a
///   ``DownlinkTDoALocator``.
/// - **UL-TDoA**: the tags blink (``UplinkTDoATag``) that many times a second, their first blinks
///   spread over the period; every anchor (``UplinkTDoAAnchor``) timestamps them in its cluster's
///   time base, its first anchor's, which sends that many syncs a second; a server
///   (``UplinkTDoALocator``) fixes each blink ``collectionWindow`` after its first report.
/// - **TWR**: every tag runs a NearbyInteraction session with every anchor (``SessionMesh``), an
///   update every period, and a ``TwoWayRangingLocator`` fixes it from the distances.
///
/// A tag fixes in 2-D at its starting antenna height when the anchors cannot tell heights apart
/// (all at one height, as on a ceiling), in 3-D otherwise.
public final class ScenarioPositioning {
    /// The emulated world.
    public let emulation: Emulation
    /// The network the anchors serve.
    public let network: PANIdentifier
    /// How the tags are positioned.
    public let method: PositioningMethod
    /// The time between a cluster's rounds (DL-TDoA), or between a tag's blinks and a reference's syncs (UL-TDoA).
    public let period: Duration
    /// How long all clusters' rounds take, one after the other: the longest span of the rounds
    /// one DL-TDoA fix uses (UL-TDoA: the syncs', one after the other).
    public let roundSpan: Duration
    /// The frame a site origin ties the scenario's coordinates to, if it has one.
    public let siteFrame: SiteFrame?
    /// Every fix not yet taken with ``takeRecords()``, in time order.
    public var records: [PositionRecord] { PositionRecordBook.merged(books) }

    /// Per part of the world: the fixes made there.
    private let books: [PositionRecordBook]
    /// Per device (by index), for a tag: its locator and track. An array rather than a dictionary:
    /// every round a tag hears and every fix it makes looks it up. Set up once; each tag's object is
    /// changed only where its fixes are made.
    private var tags: [TagPositioning?] = []
    /// UL-TDoA: the server's locator for each tag's geometry.
    private var uplinkLocators: [Int: UplinkTDoALocator] = [:]
    /// TWR: each tag's locator, the anchors by device name, and the sessions.
    private var rangingLocators: [Int: TwoWayRangingLocator] = [:]
    private var rangedAnchors: [String: Anchor] = [:]
    private var tagIndices: [String: Int] = [:]
    private var mesh: SessionMesh?

    /// The tags' acceleration the trackers assume when none is given: 1 m/s², people walking and
    /// vehicles driving steadily.
    public static let defaultTagAcceleration = Acceleration(metresPerSecondSquared: 1)
    /// When the first cluster's first round (or sync) starts.
    public static let firstRound = Duration.milliseconds(10)
    /// The anchors' height differences below which they cannot fix a height: 10 cm.
    public static let flatAnchorTolerance = Distance.centimetres(10)
    /// How long the UL-TDoA server waits after a blink's first report for the others: a period and
    /// the syncs' span (a follower reports a blink once its next sync has come), and 1 ms more.
    public var collectionWindow: Duration { period + roundSpan + .milliseconds(1) }

    /// Sets up positioning on a scenario's world.
    ///
    /// - Parameters:
    ///   - seed: overrides the scenario's seed.
    ///   - timestampDeviation: the receive timestamp deviation the locators assume; `nil`
    ///     for the scenario's (``UWBEmulator/PositioningSpec/timestampDeviation``).
    ///   - tagAcceleration: the standard deviation of the tags' acceleration their trackers assume.
    ///   - parts: how many parts to split the world into, each run on a thread of its own: the fixes
    ///     are the same for any number. UL-TDoA's anchors, which share the server, go to one part
    ///     together; TWR's devices, whose sessions speak only over the air, may go anywhere.
    /// - Throws: ``ScenarioPositioningError`` for a world without anchors or tags, anchors or tags
    ///   with radios of their own, clusters whose
    ///   rounds do not fit the period, an anchor position its frames cannot carry, a site origin
    ///   off the globe, or a world the emulator cannot build or split into `parts` parts.
    public init(
        scenario: Scenario, seed: UInt64? = nil, timestampDeviation: Distance? = nil,
        tagAcceleration: Acceleration = ScenarioPositioning.defaultTagAcceleration, parts: Int = 1
    ) throws(ScenarioPositioningError) {
        let spec = scenario.positioning
        network = PANIdentifier(rawValue: spec.network)
        method = spec.method
        period = .seconds(1 / spec.roundsPerSecond)
        do {
            siteFrame = try spec.siteOrigin.map { (origin) throws(PositioningError) in try SiteFrame(origin: origin) }
        } catch {
            throw .siteOrigin(error)
        }
        guard !SiteLayout(scenario).tags.isEmpty else { throw .noTags }
        let ownRadios = scenario.devices.filter { $0.positioning != nil && $0.radio.map { $0 != scenario.radio } == true }
        guard ownRadios.isEmpty else { throw .deviceRadios(ownRadios.map(\.name)) }
        let world: Emulation
        do {
            world = try Emulation(scenario: scenario, seed: seed, parts: parts, keepingTogether: Self.sharing(scenario))
        } catch {
            throw .emulation(error)
        }
        emulation = world
        books = (0..<world.partCount).map { _ in PositionRecordBook() }
        tags = Array(repeating: nil, count: world.devices.count)
        let plan = try AnchorPlan(scenario: scenario, world: world, method: spec.method, period: period)
        roundSpan = plan.roundSpan
        let deviation = timestampDeviation ?? spec.timestampDeviation
        for slot in plan.slots {
            do {
                try runAnchor(slot)
            } catch {
                throw .anchorPosition(device: world.devices[slot.index].name, error)
            }
        }
        if spec.method == .downlinkTDoA {
            // DL-TDoA tags only listen: parts of tags alone keep no other part waiting.
            for index in plan.layout.tags {
                world.listenOnly(device: index)
            }
        }
        for (order, index) in plan.layout.tags.enumerated() {
            let height = world.antennaPosition(of: index, at: .zero)?.metres.y ?? scenario.devices[index].position.metres.y
            let geometry: SolverGeometry = plan.isFlat ? .planar(height: Distance(metres: height)) : .spatial
            tags[index] = TagPositioning(
                index: index, name: world.devices[index].name, tracker: PositionTracker(acceleration: tagAcceleration))
            runTag(index, order: order, geometry: geometry, deviation: deviation)
        }
        if spec.method == .twoWayRanging {
            try startSessions(plan, seed: seed ?? scenario.seed)
        }
    }

    /// The most parts `scenario`'s world can be split into for positioning by its method.
    public static func maximumParts(of scenario: Scenario) -> Int {
        ScenarioPartition.maximumParts(of: scenario, keepingTogether: sharing(scenario))
    }

    /// The groups of `scenario`'s devices whose software is shared, so that they must run in one part of
    /// the world: UL-TDoA's anchors (the server).
    private static func sharing(_ scenario: Scenario) -> [[Int]] {
        switch scenario.positioning.method {
        case .downlinkTDoA, .twoWayRanging: []
        case .uplinkTDoA: [scenario.devices.indices.filter { if case .anchor = scenario.devices[$0].positioning { true } else { false } }]
        }
    }

    /// Two-way ranging: a session between every tag and every anchor, through each device's own
    /// NearbyInteraction device service (``SessionMesh``), every `period`.
    private func startSessions(_ plan: AnchorPlan, seed: UInt64) throws(ScenarioPositioningError) {
        for index in plan.layout.tags {
            tagIndices[emulation.devices[index].name] = index
        }
        let tags = Set(tagIndices.keys)
        for slot in plan.slots {
            rangedAnchors[emulation.devices[slot.index].name] = Anchor(
                name: DownlinkTDoAObservation.anchorName(Self.address(slot.index)), position: slot.position)
        }
        let anchors = rangedAnchors
        do {
            mesh = try SessionMesh(emulation: emulation, interval: period, tokenSeed: seed) { device, peer in
                (tags.contains(device) && anchors[peer] != nil) || (tags.contains(peer) && anchors[device] != nil)
            }
        } catch {
            throw .sessions(error.description)
        }
    }

    /// Runs the DL-TDoA software of `scenario`'s anchors on `emulation`'s radios, as a scenario
    /// positioned with DL-TDoA does, for tags that are not the emulation's own (the apps of the
    /// emulator service, `uwb locate --device`): each cluster's rounds
    /// ``UWBEmulator/PositioningSpec/roundsPerSecond`` times a second.
    ///
    /// - Throws: ``ScenarioPositioningError`` for a world without anchors, clusters whose rounds do
    ///   not fit the period, or an anchor position its frames cannot carry.
    @discardableResult
    public static func runDownlinkAnchors(of scenario: Scenario, on emulation: Emulation) throws(ScenarioPositioningError) -> [DownlinkTDoAAnchor] {
        let period = Duration.seconds(1 / scenario.positioning.roundsPerSecond)
        let plan = try AnchorPlan(scenario: scenario, world: emulation, method: .downlinkTDoA, period: period)
        var anchors: [DownlinkTDoAAnchor] = []
        for slot in plan.slots {
            let radio = emulation.devices[slot.index].radio
            do {
                let anchor = try DownlinkTDoAAnchor(
                    on: radio, network: PANIdentifier(rawValue: scenario.positioning.network), address: address(slot.index),
                    position: slot.position, floor: slot.floor, role: role(slot, period: period), schedule: slot.schedule)
                radio.adopt(anchor)
                anchors.append(anchor)
            } catch {
                throw .anchorPosition(device: emulation.devices[slot.index].name, error)
            }
        }
        return anchors
    }

    /// The DL-TDoA role of the anchor in `slot`.
    private static func role(_ slot: AnchorPlan.Slot, period: Duration) -> DownlinkTDoAAnchor.Role {
        slot.slot == 0 ? .initiator(period: period, firstRound: slot.firstRound) : .responder(initiator: address(slot.first), slot: slot.slot - 1)
    }

    /// Gives the anchor in `slot` its software, which its radio adopts; none for two-way ranging,
    /// where the anchor's device service answers the tags' sessions.
    private func runAnchor(_ slot: AnchorPlan.Slot) throws(DownlinkTDoAFrameError) {
        let radio = emulation.devices[slot.index].radio
        let handler: any RadioEventHandler
        switch method {
        case .downlinkTDoA:
            handler = try DownlinkTDoAAnchor(
                on: radio, network: network, address: Self.address(slot.index), position: slot.position, floor: slot.floor,
                role: Self.role(slot, period: period), schedule: slot.schedule)
        case .uplinkTDoA:
            handler = try UplinkTDoAAnchor(
                on: radio, network: network, address: Self.address(slot.index), position: slot.position,
                role: slot.slot == 0 ? .reference(period: period, firstSync: slot.firstRound) : .follower(reference: Self.address(slot.first))
            ) { [weak self, book = books[emulation.devices[slot.index].part]] report in
                self?.take(report, on: radio, into: book)
            }
        case .twoWayRanging:
            return
        }
        radio.adopt(handler)
    }

    /// Gives tag `index`, the `order`th tag, its locator and its software, which its radio adopts;
    /// no software for two-way ranging, where the tag's device service runs its sessions.
    private func runTag(_ index: Int, order: Int, geometry: SolverGeometry, deviation: Distance) {
        let radio = emulation.devices[index].radio
        let handler: any RadioEventHandler
        switch method {
        case .downlinkTDoA:
            tags[index]?.downlink = DownlinkTDoALocator(geometry: geometry, timestampDeviation: deviation, window: roundSpan)
            let book = books[emulation.devices[index].part]
            handler = DownlinkTDoATag(on: radio, network: network) { [weak self, unowned radio] observation in
                self?.take(observation, tag: index, at: .zero + radio.now, into: book)
            }
        case .uplinkTDoA:
            uplinkLocators[index] = UplinkTDoALocator(geometry: geometry, timestampDeviation: deviation)
            // First blinks spread over the period by golden-ratio steps, after the syncs (each of
            // which leaves its host's allowance after its slot's start).
            let spread = (Double(order) * 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1)
            let syncs = roundSpan + DownlinkTDoASchedule.hostAllowance(.emulated)
            handler = UplinkTDoATag(
                on: radio, network: network, address: Self.address(index), interval: period,
                firstBlink: Self.firstRound + syncs + (period - syncs) * spread)
        case .twoWayRanging:
            // DS-TWR's distance takes four receptions: about 0.61 times one's spread (Docs/positioning.md).
            rangingLocators[index] = TwoWayRangingLocator(
                geometry: geometry, distanceDeviation: Distance(metres: deviation.metres * Self.twoWayRangingShare))
            return
        }
        radio.adopt(handler)
    }

    /// A device's short address on the emulator: its index plus one.
    private static func address(_ index: Int) -> UInt16 {
        UInt16(truncatingIfNeeded: index + 1)
    }

    /// Hands a tag's round, heard at `time`, to its locator and records the fixes it completes in `book`.
    private func take(_ observation: DownlinkTDoAObservation, tag index: Int, at time: SimulationTime, into book: PositionRecordBook) {
        guard let tag = tags[index], let results = tag.downlink?.add(observation, prior: tag.tracker.prediction(at: time - .zero))
        else { return }
        for result in results {
            record(result, tag: index, at: time, into: book)
        }
    }

    /// Hands an anchor's report of a blink to the server, which fixes the blink
    /// ``collectionWindow`` after its first report (on the loop of `radio`, the reporting anchor's),
    /// recording the fix in `book`, that of the anchor's part.
    private func take(_ report: UplinkTDoAReport, on radio: EmulatedRadio, into book: PositionRecordBook) {
        let index = Int(report.tag) - 1
        guard uplinkLocators[index]?.add(report) == true else { return }
        let heard = SimulationTime.zero + radio.now
        radio.schedule(after: collectionWindow) { [weak self] in
            guard let self,
                let result = self.uplinkLocators[index]?.fix(tag: report.tag, sequence: report.sequence, prior: self.prior(of: index, at: heard))
            else { return }
            self.record(result, tag: index, at: heard, into: book)
        }
    }

    /// Where tag `index`'s track expects it at `time`, for its locator to check a fix against.
    private func prior(of index: Int, at time: SimulationTime) -> PositionPrior? {
        tags[index]?.tracker.prediction(at: time - .zero)
    }

    /// Records `result` for tag `index` in `book`, with its track and the truth at `time`.
    private func record(_ result: Result<PositionFix, PositioningError>, tag index: Int, at time: SimulationTime, into book: PositionRecordBook) {
        var geodetic: GeodeticPosition?
        var tracked: TrackedPosition?
        if case .success(let fix) = result {
            geodetic = siteFrame?.geodetic(fix.position)
            tracked = tags[index]?.tracker.update(with: fix, at: time - .zero)
        }
        book.records.append(PositionRecord(
            time: time, device: emulation.devices[index].name,
            method: method, result: result, geodetic: geodetic,
            tracked: tracked, truth: emulation.antennaPosition(of: index, at: time)))
    }

    /// The spread of a DS-TWR distance over one reception's: its time of flight is about
    /// (Ra·Rb − Da·Db)/(Ra + Rb + Da + Db), whose receptions weigh ½, ¼ and ¼: √(¼ + 1/16 + 1/16) ≈ 0.61.
    static let twoWayRangingShare = 0.61

    /// Runs the world until `end` (paced against the wall clock if `pacing` is given).
    public func run(until end: SimulationTime, pacing: Pacing? = nil) {
        emulation.run(until: end, pacing: pacing)
        collectRanging()
    }

    /// Runs this process's part of the world until `end`, the world split into one part per rank of
    /// `messenger`'s job (``Emulation/run(until:rankOf:)``): its tags' fixes are this rank's records.
    ///
    /// - Throws: what ``Emulation/run(until:rankOf:)`` throws.
    public func run(until end: SimulationTime, rankOf messenger: any RankMessenger) throws(EmulationError) {
        try emulation.run(until: end, rankOf: messenger)
        collectRanging()
    }

    /// Turns the distances the TWR mesh measured since the last call into fixes.
    private func collectRanging() {
        guard let mesh else { return }
        for report in mesh.collect() {
            guard case .measured(_, let measurement) = report.event, let distance = measurement.rawDistance,
                let anchor = rangedAnchors[report.peer], let index = tagIndices[report.device],
                case let time = SimulationTime(seconds: measurement.time.secondsValue),
                let results = rangingLocators[index]?.add(distance, to: anchor, prior: prior(of: index, at: time))
            else { continue }
            for result in results {
                record(result, tag: index, at: time, into: books[0])
            }
        }
    }

    /// The fixes made since the last call (or the start), no longer kept here.
    public func takeRecords() -> [PositionRecord] {
        defer {
            for book in books {
                book.records.removeAll()
            }
        }
        return records
    }
}
