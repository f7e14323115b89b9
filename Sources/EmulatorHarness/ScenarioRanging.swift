import DW1000Driver
import Foundation
import UWBCore
import UWBEmulator
import UWBRanging

/// Two-way ranging between a scenario's devices on the emulator: the first device initiates
/// rounds with every other one in turn, each at ``rate`` rounds per second, and both sides of each
/// round turn it into a measurement, recorded with the emulator's ground truth. With a
/// ``clusterSize``, the devices range in clusters of that many consecutive devices instead, the
/// first of each cluster initiating with the others of its cluster (pairs spread over a
/// warehouse, say), the clusters' rounds starting at times spread over the period.
///
/// Each device runs the ranging state machines through a ``StateMachineRunner`` on its real
/// drivers (DW1000 or DW3000), so the protocol, the driver and the virtual chips are all exercised.
///
/// With a scrambled timestamp sequence (STS, DW3000-family boards only), every radio sends and
/// checks it, and every received frame goes through ``SecureTimestampCheck`` as in a session's
/// scheduler: a frame that passes is timed by its STS, one that fails is dropped (counted in
/// ``secureTimestampRejections``) as a lost frame.
///
/// The world may be split into parts, each run on a thread of its own (decision 0030), a cluster's
/// devices in one part: the measurements and failures are the same, in the same order, for any number.
public final class ScenarioRanging {
    /// The emulated world.
    public let emulation: Emulation
    /// The radio configuration the devices range with unless the scenario gives them their own
    /// (``UWBEmulator/DeviceSpec/radio``, the same for every device of a cluster): the world's, with the
    /// STS if one was given.
    public let configuration: RadioConfig
    /// The frames each device's first chip received but dropped because their time of arrival
    /// failed ``SecureTimestampCheck``, by reason, summed over the devices; empty without an STS.
    public var secureTimestampRejections: [FrameRejection: Int] {
        books.reduce(into: [:]) { sum, book in sum.merge(book.secureTimestampRejections, uniquingKeysWith: +) }
    }
    /// The rounds per second with each peer: the rate asked for, or, if none was, ``preferredRate``
    /// where the slots allow it, else the fastest they allow.
    public let rate: Double
    /// The initiator's slots: one per peer, each longer than the longest round.
    public let slots: RangingSlots
    /// How many consecutive devices range together, the first initiating.
    public let clusterSize: Int
    /// Every measurement not yet taken with ``takeRecords()``, in time order.
    public var records: [RangingRecord] {
        PartOrder.merged(books.map(\.records), time: \.time, device: \.observer)
    }
    /// Rounds that failed, with the device that reported them, not yet taken with ``takeFailures()``.
    public var failures: [(device: String, failure: RangingFailure)] {
        PartOrder.merged(books.map(\.failures), time: \.time, device: \.device).map { ($0.device, $0.failure) }
    }
    /// Rounds not started because the previous one still held the initiator's radio.
    public var skippedRounds: Int { books.reduce(0) { $0 + $1.skippedRounds } }

    /// Per part of the world: what its devices did.
    private let books: [RangingBook]

    /// The PAN every ranging session uses.
    public static let pan = RangingFrameFormat.defaultPAN

    /// The rate when none is asked for and the slots allow it: 10 rounds per second with each peer.
    public static let preferredRate = 10.0

    /// The slowest rate: one round a day with each peer, a day being the longest run
    /// (``ScenarioLimit/duration``).
    public static let slowestRate = 1 / ScenarioLimit.duration.upperBound

    /// Sets up ranging on a scenario's world, replacing any scripted traffic.
    ///
    /// - Parameters:
    ///   - rate: rounds per second with each peer; `nil` for ``preferredRate``, or the fastest rate
    ///     the slots allow if it is slower (see ``RangingSlots``).
    ///   - clusterSize: how many consecutive devices range together, the first initiating; `nil`
    ///     for one cluster of every device. The last cluster may be smaller, but not alone.
    ///   - fieldOfView: the cone in which directions are reported.
    ///   - secureTimestamps: the STS every radio ranges with; `nil` for none. The links are
    ///     plain, so no round loads its frames' STS numbers (``SecureTimestampRound``, for
    ///     secured links): each chip advances its counter by itself, which keeps two chips in step
    ///     while none misses a frame's preamble, as in the benchmark's worlds, and not after.
    ///   - parts: how many parts to split the world into, each run on a thread of its own, a
    ///     cluster's devices in one part (at most ``maximumParts(devices:clusterSize:)``).
    /// - Throws: ``ScenarioRangingError`` for a world or rate that cannot work: rogue devices,
    ///   fewer than two or more than ``Scenario/maximumDeviceCount`` devices, a cluster size that leaves a device
    ///   without a peer, a rate below ``slowestRate``, or one that leaves a peer's slot shorter
    ///   than a round; with an STS, a device whose chips have none or whose driver refuses it; a
    ///   world that cannot be split into `parts` parts; a cluster whose devices have different radios.
    public init(
        scenario: Scenario, seed: UInt64? = nil, rate: Double?, clusterSize: Int? = nil, fieldOfView: FieldOfView = FieldOfView(),
        secureTimestamps: SecureTimestampConfiguration? = nil, parts: Int = 1
    ) throws(ScenarioRangingError) {
        if let rate {
            guard rate.isFinite, rate >= Self.slowestRate else { throw .invalidRate(rate) }
        }
        let rogues = scenario.devices.filter { $0.rogue != nil }.map(\.name)
        guard rogues.isEmpty else { throw .rogueDevices(rogues) }
        guard scenario.devices.count >= 2 else { throw .notEnoughDevices(scenario.devices.count) }
        guard scenario.devices.count <= Scenario.maximumDeviceCount else { throw .tooManyDevices(scenario.devices.count) }
        let size = clusterSize ?? scenario.devices.count
        guard size >= 2, size <= scenario.devices.count, scenario.devices.count % size != 1 else {
            throw .invalidClusterSize(size, devices: scenario.devices.count)
        }
        self.clusterSize = size
        do {
            emulation = try Emulation(
                scenario: scenario, seed: seed, parts: parts, keepingTogether: Self.clusters(devices: scenario.devices.count, size: size).map(Array.init))
        } catch {
            throw .emulation(error)
        }
        books = (0..<emulation.partCount).map { _ in RangingBook() }
        configuration = emulation.configuration.withSecureTimestamps(secureTimestamps)
        if secureTimestamps != nil {
            try Self.configure(emulation.devices, with: secureTimestamps)
        }
        let devices = emulation.devices
        let clusters = Self.clusters(devices: devices.count, size: size)
        var timings: [RangingTiming] = []
        for cluster in clusters {
            let initiator = devices[cluster.lowerBound]
            if let other = cluster.dropFirst().first(where: { devices[$0].radio.configuration != initiator.radio.configuration }) {
                throw .clusterRadios(device: devices[other].name, initiator: initiator.name)
            }
            timings.append(RangingTiming.emulator(for: initiator.radio.configuration.withSecureTimestamps(secureTimestamps)))
        }
        slots = RangingSlots(peers: size - 1, longestRound: timings.map(\.longestRound).max() ?? .zero)
        let rate = rate ?? slots.nearestFitting(Self.preferredRate)
        guard slots.fits(rate) else { throw .rateTooHigh(hertz: rate, slots: slots) }
        self.rate = rate
        let slot = slots.slotSeconds(at: rate)
        for (cluster, timing) in zip(clusters, timings) {
            let first = cluster.lowerBound
            // Clusters start their rounds at times spread evenly over the period (golden-ratio
            // steps), as unsynchronised devices would; the first cluster at the first slot.
            let spread = (Double(first / size) * 0.618_033_988_749_895).truncatingRemainder(dividingBy: 1) / rate
            try setUpCluster(cluster, timing: timing, firstRound: 0.01 + spread, slot: slot, fieldOfView: fieldOfView)
        }
    }

    /// The most parts a world of `devices` devices ranging in clusters of `clusterSize` (`nil`: one
    /// cluster) can be split into: one per cluster.
    public static func maximumParts(devices: Int, clusterSize: Int?) -> Int {
        clusters(devices: devices, size: clusterSize ?? devices).count
    }

    /// The clusters of `devices` devices, `size` consecutive devices each, the last perhaps fewer.
    private static func clusters(devices: Int, size: Int) -> [Range<Int>] {
        guard size >= 1 else { return [0..<devices] }
        return stride(from: 0, to: devices, by: size).map { $0..<min($0 + size, devices) }
    }

    /// Configures every chip of `devices` with its device's radio configuration and `secureTimestamps`
    /// before the run.
    private static func configure(
        _ devices: [EmulatedDevice], with secureTimestamps: SecureTimestampConfiguration?
    ) throws(ScenarioRangingError) {
        for device in devices {
            let configuration = device.radio.configuration.withSecureTimestamps(secureTimestamps)
            guard device.board.chips.allSatisfy({ $0.model.family.supportsSecureTimestamps }) else {
                throw .secureTimestampsUnsupported(device: device.name)
            }
            for transceiver in device.radio.transceivers {
                do {
                    try transceiver.configure(configuration)
                } catch {
                    throw .configurationRefused(device: device.name, error)
                }
            }
        }
    }

    /// Makes the first device of `cluster` initiate rounds with each other one, every `1 / rate`
    /// seconds from `firstRound`, one `slot` apart, and the others respond.
    private func setUpCluster(
        _ cluster: Range<Int>, timing: RangingTiming, firstRound: Double, slot: Double, fieldOfView: FieldOfView
    ) throws(ScenarioRangingError) {
        let initiatorIndex = cluster.lowerBound
        let initiator = emulation.devices[initiatorIndex]
        let book = books[initiator.part]
        var loops: [StateMachineRunner] = []
        for index in cluster.dropFirst() {
            let device = emulation.devices[index]
            let session = SessionIdentifier(rawValue: 0x5557_0000 | UInt32(index))
            loops.append(try makeInitiatorLoop(
                initiator, index: initiatorIndex, peer: index, session: session, timing: timing, fieldOfView: fieldOfView))
            let responder = try makeResponderLoop(
                device, index: index, initiator: initiatorIndex, session: session, timing: timing, fieldOfView: fieldOfView)
            let responderBook = books[device.part]
            device.radio.adopt(ClosureApplication(
                on: device.radio,
                onStart: { _ in responder.start() },
                onEvent: { [weak self] event, chip, _ in
                    guard let self else { return }
                    responder.handle(self.screened(event, fromChip: chip, countingIn: responderBook), fromChip: chip)
                }))
        }
        let period = 1 / rate
        initiator.radio.adopt(ClosureApplication(
            on: initiator.radio,
            onStart: { radio in
                for (index, loop) in loops.enumerated() {
                    Self.schedule(loop, of: initiatorIndex, in: book, every: period, firstAfter: firstRound + slot * Double(index), on: radio)
                }
            },
            onEvent: { [weak self] event, chip, _ in
                guard let self else { return }
                book.active[initiatorIndex]?.handle(self.screened(event, fromChip: chip, countingIn: book), fromChip: chip)
            }))
    }

    /// `event` as a round may use it: with an STS configured, screened by
    /// ``SecureTimestampCheck/screened(_:)``, a frame that fails counted (on chip 0) in `book`, the
    /// receiving device's part's; without one, unchanged.
    private func screened(_ event: TransceiverEvent, fromChip chip: Int, countingIn book: RangingBook) -> TransceiverEvent {
        guard configuration.secureTimestamps != nil else { return event }
        let (screened, rejection) = SecureTimestampCheck.screened(event)
        if let rejection, chip == 0 {
            book.secureTimestampRejections[FrameRejection(rejection), default: 0] += 1
        }
        return screened
    }

    /// Runs the world until `end` (paced against the wall clock if `pacing` is given).
    public func run(until end: SimulationTime, pacing: Pacing? = nil) {
        emulation.run(until: end, pacing: pacing)
    }

    /// Runs this process's part of the world until `end`, the world split into one part per rank of
    /// `messenger`'s job (``Emulation/run(until:rankOf:)``): its initiators' measurements and failures are
    /// this rank's records.
    ///
    /// - Throws: what ``Emulation/run(until:rankOf:)`` throws.
    public func run(until end: SimulationTime, rankOf messenger: any RankMessenger) throws(EmulationError) {
        try emulation.run(until: end, rankOf: messenger)
    }

    /// The measurements made since the last call (or the start), in time order, no longer kept
    /// here: for a caller that streams them while the world runs.
    public func takeRecords() -> [RangingRecord] {
        defer {
            for book in books {
                book.records.removeAll()
            }
        }
        return records
    }

    /// The failed rounds since the last call (or the start), no longer kept here.
    public func takeFailures() -> [(device: String, failure: RangingFailure)] {
        defer {
            for book in books {
                book.failures.removeAll()
            }
        }
        return failures
    }

    /// Starts `loop` of initiator `initiator` every `period` seconds from `first`, unless another
    /// round holds the initiator's radio (in `book`, its part's).
    private static func schedule(
        _ loop: StateMachineRunner, of initiator: Int, in book: RangingBook, every period: Double, firstAfter first: Double,
        on radio: EmulatedRadio
    ) {
        radio.schedule(after: .seconds(first)) { [weak book, weak radio] in
            guard let book, let radio else { return }
            if book.active[initiator] == nil {
                book.active[initiator] = loop
                loop.start()
            } else {
                book.skippedRounds += 1
            }
            schedule(loop, of: initiator, in: book, every: period, firstAfter: period, on: radio)
        }
    }

    /// The loop of initiator `device` (device number `index`) for its rounds with device `peer`;
    /// every device's short address is its number plus 1.
    private func makeInitiatorLoop(
        _ device: EmulatedDevice, index: Int, peer: Int, session: SessionIdentifier, timing: RangingTiming,
        fieldOfView: FieldOfView
    ) throws(ScenarioRangingError) -> StateMachineRunner {
        let machine = Initiator(
            session: session, localAddress: UInt16(index + 1), peerAddress: UInt16(peer + 1), pan: Self.pan, timing: timing,
            transmitClock: Self.transmitClock(device), receivers: device.chips.count)
        return try makeLoop(machine, on: device, observer: index, peer: peer, holdsSlotOf: index, fieldOfView: fieldOfView)
    }

    /// The loop of responder `device` (device number `index`) for the rounds of device `initiator`.
    private func makeResponderLoop(
        _ device: EmulatedDevice, index: Int, initiator: Int, session: SessionIdentifier, timing: RangingTiming,
        fieldOfView: FieldOfView
    ) throws(ScenarioRangingError) -> StateMachineRunner {
        let machine = Responder(
            session: session, localAddress: UInt16(index + 1), peerAddress: UInt16(initiator + 1), pan: Self.pan,
            timing: timing, transmitClock: Self.transmitClock(device), receivers: device.chips.count,
            timeOfFlight: ReportedTimeOfFlight.doubleSided)
        return try makeLoop(machine, on: device, observer: index, peer: initiator, holdsSlotOf: nil, fieldOfView: fieldOfView)
    }

    /// A loop running `machine` on `device` that records its measurements as `observer`'s of
    /// `peer`. An initiator's loop holds the slot of its initiator (`holdsSlotOf`): when its round
    /// ends in any way (a measurement, a failure, a radio error), it frees the initiator's radio
    /// for the next peer.
    private func makeLoop(
        _ machine: RangingStateMachine, on device: EmulatedDevice, observer: Int, peer: Int, holdsSlotOf initiator: Int?,
        fieldOfView: FieldOfView
    ) throws(ScenarioRangingError) -> StateMachineRunner {
        let builder = try makeBuilder(for: device, fieldOfView: fieldOfView)
        let book = books[device.part]
        return StateMachineRunner(
            machine: machine, transceivers: device.radio.transceivers,
            schedule: { delay, action in device.radio.schedule(after: delay, action) },
            onCompleted: { [weak self, weak book] round in
                guard let self, let book else { return }
                // The host's monotonic clock for the filters: in the emulator, its virtual time.
                let measurement = builder.measurement(of: round, at: device.radio.now)
                self.record(measurement, observer: observer, peer: peer, at: .zero + device.radio.now, into: book)
                Self.roundEnded(holding: initiator, in: book)
            },
            onFailure: { [weak book] failure in
                guard let book else { return }
                book.failures.append(RangingBook.Failure(time: .zero + device.radio.now, device: device.name, failure: failure))
                Self.roundEnded(holding: initiator, in: book)
            },
            onRadioError: { [weak book] error in
                device.radio.record(error)
                guard let book else { return }
                Self.roundEnded(holding: initiator, in: book)
            })
    }

    /// Frees the radio of `initiator` (in `book`, its part's), if the round that ended held one.
    private static func roundEnded(holding initiator: Int?, in book: RangingBook) {
        if let initiator {
            book.active[initiator] = nil
        }
    }

    private func makeBuilder(for device: EmulatedDevice, fieldOfView: FieldOfView) throws(ScenarioRangingError) -> MeasurementBuilder {
        do {
            return try MeasurementBuilder(board: device.board, configuration: configuration, fieldOfView: fieldOfView)
        } catch {
            throw .antennaArray(device: device.name, error)
        }
    }

    /// Records `measurement`, made by device `observer` of device `peer` at `time`, in `book`, the
    /// observer's part's, with the truth at that time.
    private func record(_ measurement: RangingMeasurement, observer: Int, peer: Int, at time: SimulationTime, into book: RangingBook) {
        book.records.append(RangingRecord(
            time: time, observer: emulation.devices[observer].name, peer: emulation.devices[peer].name,
            measurement: measurement, truth: emulation.groundTruth(from: observer, to: peer, at: time)))
    }

    /// The delayed-TX grid and TX antenna delay the driver of the device's first chip uses.
    private static func transmitClock(_ device: EmulatedDevice) -> TransmitClock {
        TransmitClock(board: device.board, capabilities: device.radio.primary.capabilities)
    }
}
