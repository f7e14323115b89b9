import Foundation
import Logging
import Synchronization
import UWBCore
import UWBEmulator

/// The emulator as a service shared by processes (`Docs/emulator-service.md`): it hosts an
/// emulated room and lets one app at a time attach to each of the devices left free for apps,
/// carrying that device's SPI transactions, interrupt lines and reset over a Unix socket
/// (``EmulatorWire``). The app's own DW1000 driver drives the virtual chips, as it would a USB
/// board.
///
/// The room and its apps share one virtual time (``LockstepWorld``): the world moves on only while
/// every attached app waits, so a loaded machine slows the world instead of making replies late,
/// and the wall clock only caps the speed (``EmulatorServiceSettings``).
///
/// An app that goes away, breaks the protocol or holds its turn too long is disconnected and its
/// device freed; the others carry on. Stopping the service closes every connection, so the apps'
/// next transaction fails.
///
/// `@unchecked Sendable`: the room is reached only through the world's lock; the connections are
/// behind a mutex.
public final class EmulatorService: @unchecked Sendable {
    /// The default socket path: `$XDG_RUNTIME_DIR/swift-uwb-emulator.sock`, or
    /// `/tmp/swift-uwb-emulator.sock` without one.
    public static var defaultSocketPath: String {
        let directory = ProcessInfo.processInfo.environment["XDG_RUNTIME_DIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        return directory + "/swift-uwb-emulator.sock"
    }

    /// Where clients connect.
    public let socketPath: String
    /// How the world runs when it starts (``perform(_:)`` changes its speed).
    public let settings: EmulatorServiceSettings
    /// What scenarios ``load(_:)`` may put in place of the room, or why none.
    public let loadable: LoadableScenarios

    /// Where the service logs (``EmulatorLogging``).
    private let logger: Logger
    /// The room now; ``load(_:)`` replaces it.
    private let rooms: Mutex<ServiceRoom>
    private let loader: ScenarioLoader?
    /// The trace file the run writes (`--trace`), if any.
    private let tracePath: String?
    private let listener: UnixSocket
    private let connections = Mutex<[UnixSocket]>([])
    private let stopped = Atomic<Bool>(false)
    /// Whether a report naming an address no device has sent from has been logged (once is enough).
    private let loggedUnmatchedReport = Atomic<Bool>(false)

    /// A service for `emulation` (set up, not yet run) whose devices named in `free` are left to
    /// clients; the others keep whatever the scenario gave them.
    ///
    /// - Throws: ``EmulatorServiceError/refused(_:)`` for a free device the emulation does not have;
    ///   ``EmulatorServiceError/alreadyServing(path:)`` if a live service answers at `socketPath`
    ///   (a socket file left by one that died is replaced); ``EmulatorServiceError/cannotListen(path:reason:)``
    ///   if the socket cannot be opened; ``EmulatorServiceError/moves(_:)`` if a move of `replaying` is not
    ///   one this room can take or the file at `recordingMovesTo` cannot be created.
    ///
    /// - Parameters:
    ///   - replaying: moves recorded in an earlier run of the same scenario and seed
    ///     (``RecordedMove/load(from:)``), each done again after its number of events.
    ///   - recordingMovesTo: a file to write every move and turn to as it takes effect (``RecordedMove``).
    ///   - positioning: the parts the devices play in positioning, by name, for the ``plan``.
    ///   - document: the scenario file `emulation` was built from, for ``file(_:)``.
    ///   - tracePath: the trace file `emulation` writes (`Emulation.startTrace(writingTo:)`), for ``file(_:)``.
    ///   - loader: how to build the rooms of other scenarios, for ``load(_:)``; nil loads none.
    public init(
        emulation: Emulation, free: [String], socketPath: String = EmulatorService.defaultSocketPath,
        settings: EmulatorServiceSettings = EmulatorServiceSettings(), logger: Logger = EmulatorLogging.logger(),
        replaying: [RecordedMove] = [], recordingMovesTo: String? = nil, positioning: [String: PositioningRole] = [:],
        document: ScenarioDocument? = nil, tracePath: String? = nil, loader: ScenarioLoader? = nil
    ) throws(EmulatorServiceError) {
        self.logger = logger
        self.socketPath = socketPath
        self.settings = settings
        let recorder: MoveRecorder?
        do throws(RecordedMoveError) {
            recorder = if let recordingMovesTo { try MoveRecorder(path: recordingMovesTo) } else { nil }
        } catch {
            throw .moves(error)
        }
        rooms = Mutex(try ServiceRoom(
            emulation: emulation, free: free, positioning: positioning, settings: settings, replaying: replaying, recorder: recorder,
            document: document))
        self.loader = loader
        self.tracePath = tracePath
        loadable = Self.loadable(by: loader, tracePath: tracePath, recordingMovesTo: recordingMovesTo, replaying: !replaying.isEmpty)
        listener = try UnixSocket.listen(at: socketPath)
        logger.info("emulator service listening", metadata: ["socket": "\(socketPath)", "free": "\(free.joined(separator: ", "))"])
    }

    /// What `loader` may load, or why nothing: a trace or log of moves belongs to one run of one scenario.
    private static func loadable(by loader: ScenarioLoader?, tracePath: String?, recordingMovesTo: String?, replaying: Bool)
        -> LoadableScenarios {
        let refusal: String? =
            if let tracePath {
                "this service writes its trace to \(tracePath), which belongs to one run of one scenario; "
                    + "to run another scenario, start `uwb emulator serve --scenario NAME` again"
            } else if let recordingMovesTo {
                "this service records its moves to \(recordingMovesTo), which replays one run of one scenario; "
                    + "to run another scenario, start `uwb emulator serve --scenario NAME` again"
            } else if replaying {
                "this service replays moves recorded for its scenario; to run another, start `uwb emulator serve --scenario NAME` again"
            } else if loader == nil {
                "this service was started without scenarios to load"
            } else {
                nil
            }
        return LoadableScenarios(names: refusal == nil ? loader?.names ?? [] : [], refusal: refusal)
    }

    /// The room now.
    private var room: ServiceRoom {
        rooms.withLock { $0 }
    }

    /// The names of the devices clients may attach to.
    public var freeDevices: [String] { room.free }

    /// What the room is made of (another room's after ``load(_:)``).
    public var plan: RoomPlan { room.plan }

    /// The world's virtual time.
    public var now: SimulationTime { room.world.now }

    /// How many turns the room's apps took so far, and how many of them while an app of another part
    /// of the world held its own.
    public var turns: TurnFigures { room.world.turns }

    /// Starts the world and accepts clients, each on a thread of its own.
    public func start() {
        Self.run(room.world)
        let thread = Thread { [self] in
            while let client = listener.accept() {
                connections.withLock { $0.append(client) }
                let connection = Thread { [self] in serve(client) }
                connection.start()
            }
        }
        thread.start()
    }

    /// Closes the socket (removing its file) and every open connection, then stops the world.
    /// Calling it again does nothing.
    public func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        listener.close()
        unlink(socketPath)
        for connection in connections.withLock({ $0 }) {
            connection.close()
        }
        room.world.stop()
    }

    /// Runs `world` on a thread of its own.
    private static func run(_ world: LockstepWorld) {
        let thread = Thread {
            Thread.current.name = "uwb world"
            world.run()
        }
        thread.start()
    }

    /// Replaces the room by the scenario `name`'s (one of ``loadable``), built by the service's
    /// ``ScenarioLoader``: every attached app is told ERROR ("the room was replaced by scenario
    /// NAME; attach again") and its device freed, the new world starts at virtual time 0, and the
    /// moves start afresh. Returns the name the new scenario gives itself.
    ///
    /// - Throws: ``ScenarioLoadError`` if the service loads no scenario (``LoadableScenarios/refusal``),
    ///   `name` is not one it may load, or its room cannot be built; the room is then as it was.
    public func load(_ name: String) throws(ScenarioLoadError) -> String {
        if let refusal = loadable.refusal {
            throw .notAllowed(refusal)
        }
        guard let loader, loadable.names.contains(name) else {
            throw .unknown(name, allowed: loadable.names)
        }
        let served = try loader.build(name)
        let replacement: ServiceRoom
        do {
            replacement = try ServiceRoom(
                emulation: served.emulation, free: served.free, positioning: served.positioning, settings: settings, replaying: [],
                recorder: nil, document: served.document)
        } catch {
            throw .cannotBuild(name, reason: error.description)
        }
        let replaced = rooms.withLock { room in
            defer { room = replacement }
            return room
        }
        replaced.world.retire(telling: "the room was replaced by scenario \(name); attach again")
        if stopped.load(ordering: .relaxed) {
            replacement.world.stop()
        } else {
            Self.run(replacement.world)
        }
        logger.info("scenario loaded", metadata: ["scenario": "\(name)", "free": "\(served.free.joined(separator: ", "))"])
        return served.title
    }

    /// The file `file` of the run so far: the scenario as it stands now, the moves so far, or the
    /// trace written so far (cut after its last whole block).
    ///
    /// - Throws: ``RoomFileError/unavailable(_:)`` for a scenario the service was not given the
    ///   file of, a trace when it writes none, or a trace that cannot be read.
    public func file(_ file: RoomFile) throws(RoomFileError) -> RoomFileContents {
        let room = room
        let name = room.document?.name ?? "room"
        switch file {
        case .scenario:
            guard let document = room.document else {
                throw .unavailable("this service was not given its scenario's file, so it cannot hand it out")
            }
            let snapshot = room.snapshot()
            let json = try document.standing(after: room.moves.all, in: snapshot)
            return RoomFileContents(fileName: name + ".json", bytes: Array(json))
        case .moves:
            return RoomFileContents(fileName: name + "-moves.jsonl", bytes: Array(room.moves.lines.utf8))
        case .trace:
            guard let tracePath else {
                throw .unavailable("this service writes no trace; start `uwb emulator serve` with --trace FILE to have one")
            }
            guard let bytes = FileManager.default.contents(atPath: tracePath) else {
                throw .unavailable("the trace \(tracePath) cannot be read; check it is still there")
            }
            return RoomFileContents(
                fileName: URL(fileURLWithPath: tracePath).lastPathComponent, bytes: PcapngWholeBlocks.prefix(of: Array(bytes)))
        }
    }

    /// The room as an observer sees it now (``EmulatorRequest/observe(version:)``): copied under the
    /// world's lock between two events, so taking it changes nothing in the run.
    public func snapshot() -> EmulatorSnapshot {
        room.snapshot()
    }

    /// The channel impulse response of the last frame chip `chip` of device `device` (the plan's
    /// order, the board's chip index) kept: its accumulator's taps around the first path and what the
    /// chip read off them. Worked out under the world's lock between two events, without a read over
    /// SPI, so asking changes nothing in the run or in what the device's app reads.
    ///
    /// - Throws: ``ImpulseResponseError`` for a device the room does not have, a chip its board does not
    ///   have, or a chip that has not kept a frame yet.
    public func lastImpulseResponse(device: Int, chip: Int) throws(ImpulseResponseError) -> ChipImpulseResponse {
        try room.world.impulseResponse(device: device, chip: chip)
    }

    /// Does `command` to the world at the virtual instant it has reached, between two events, and
    /// returns that instant.
    ///
    /// - Throws: ``WorldCommandError`` for a device the room does not have, a place outside the
    ///   room or inside an obstacle, a value the scenario format would not accept, or a step while
    ///   the world runs; nothing changes then.
    public func perform(_ command: WorldCommand) throws(WorldCommandError) -> SimulationTime {
        let room = room
        return try room.world.perform(command, plan: room.plan)
    }

    /// How many measurement reports of the apps named a peer address no other device of the room
    /// has sent a frame from: they were ignored (the first is logged at debug).
    public var unmatchedReports: Int { room.world.unmatchedReports }

    /// Serves one client until it goes away, breaks the protocol or is disconnected: an app that
    /// says HELLO, or an observer that says OBSERVE.
    private func serve(_ client: UnixSocket) {
        var participant: ServiceParticipant?
        // An app stays in the room it attached to; a load retires that room's world, detaching it.
        let room = room
        let world = room.world
        defer {
            if let participant {
                world.leave(participant)
                logger.info("app detached", metadata: Self.metadata(of: participant))
            }
            client.close()
            connections.withLock { $0.removeAll { $0 === client } }
        }
        do throws(EmulatorServiceError) {
            let limit = settings.answerLimit
            let first = try EmulatorRequest(decoding: EmulatorWire.receive(
                from: client, startingBy: limit.map { ContinuousClock.now + $0 }, finishingWithin: limit))
            if case .observe(let version) = first {
                guard version == EmulatorWire.version else {
                    throw .versionMismatch(client: version, service: EmulatorWire.version)
                }
                logger.info("observer connected", metadata: [LogMetadataKey.peer: "\(AttachedApp.peer(of: client).label)"])
                try observe(client)
                return
            }
            participant = try attach(client, saying: first, to: room)
            guard let participant else { return }
            logger.info("app attached", metadata: Self.metadata(of: participant))
            while true {
                let request = try EmulatorRequest(decoding: EmulatorWire.receive(from: client, finishingWithin: settings.answerLimit))
                if let reply = try answer(request, from: participant, in: world) {
                    try EmulatorWire.send(reply.encoded, on: client)
                }
            }
        } catch {
            if case .connectionLost = error { return }
            if let participant {
                logger.warning("app's connection ended", metadata: Self.metadata(of: participant, error: error))
                world.leave(participant, telling: error.description)
            } else {
                logger.warning("connection refused", metadata: [
                    LogMetadataKey.peer: "\(AttachedApp.peer(of: client).label)", LogMetadataKey.error: "\(error)",
                ])
                try? EmulatorWire.send(EmulatorReply.error(error.description).encoded, on: client)
            }
        }
    }

    /// The metadata of a log record about `participant`: its device and app, and `error` if any.
    private static func metadata(of participant: ServiceParticipant, error: EmulatorServiceError? = nil) -> Logger.Metadata {
        var metadata: Logger.Metadata = [
            LogMetadataKey.emulatedDevice: "\(participant.device.name)", LogMetadataKey.peer: "\(participant.app.label)",
        ]
        if let error {
            metadata[LogMetadataKey.error] = "\(error)"
        }
        return metadata
    }

    /// Attaches the client whose first message was `hello` to its device.
    private func attach(_ client: UnixSocket, saying hello: EmulatorRequest, to room: ServiceRoom) throws(EmulatorServiceError)
        -> ServiceParticipant {
        guard case .hello(let version, let name) = hello else {
            throw .malformed("the first message must be HELLO (an app) or OBSERVE (an observer)")
        }
        guard EmulatorWire.appVersions.contains(version) else {
            throw .versionMismatch(client: version, service: EmulatorWire.version)
        }
        guard let chosen = room.devices[name] else {
            throw .refused("no free device \"\(name)\"; free devices: " + room.free.joined(separator: ", "))
        }
        return try room.world.join(chosen.device, order: chosen.order, socket: client, version: version)
    }

    /// Answers an observer whose first OBSERVE has come, its version checked (once per connection:
    /// the later OBSERVEs only ask again): a SNAPSHOT for that OBSERVE and each later one, none
    /// sooner than ``EmulatorServiceSettings/snapshotInterval`` after the one before, taken on this
    /// connection's thread. The observer takes no device and no turn, and may take as long as it
    /// likes between two requests.
    private func observe(_ client: UnixSocket) throws(EmulatorServiceError) {
        var lastSent: ContinuousClock.Instant?
        while true {
            if let lastSent {
                let wait = lastSent + settings.snapshotInterval - ContinuousClock.now
                if wait > .zero {
                    Thread.sleep(forTimeInterval: wait.secondsValue)
                }
            }
            lastSent = ContinuousClock.now
            try EmulatorWire.send(EmulatorReply.snapshot(snapshot()).encoded, on: client)
            let request = try EmulatorRequest(decoding: EmulatorWire.receive(from: client, finishingWithin: settings.answerLimit))
            guard case .observe = request else {
                throw .malformed("an observer may send only OBSERVE, not \(request)")
            }
        }
    }

    /// The reply to `request`, if it gets one now (WAIT is answered when the turn comes back, WAKE never).
    private func answer(_ request: EmulatorRequest, from participant: ServiceParticipant, in world: LockstepWorld)
        throws(EmulatorServiceError) -> EmulatorReply? {
        switch request {
        case .hello:
            throw .malformed("HELLO again on an attached connection")
        case .observe:
            throw .malformed("OBSERVE on an app's connection; an observer connects on its own")
        case .transfer(let chip, let transaction):
            return .data(try world.onTurn(of: participant, "TRANSFER") { bus throws(SPIBusError) in
                try bus.transfer(transaction, on: ChipSelect(chip))
            })
        case .transfers(let chip, let transactions):
            return .batch(try world.onTurn(of: participant, "TRANSFERS") { bus throws(SPIBusError) in
                let select = try ChipSelect(chip)
                var answers: [[UInt8]] = []
                for transaction in transactions {
                    answers.append(try bus.transfer(transaction, on: select))
                }
                return answers
            })
        case .interrupt(let chip):
            return .level(try world.onTurn(of: participant, "IRQ") { bus throws(SPIBusError) in
                try bus.waitForInterrupt(on: ChipSelect(chip), until: .now)
            })
        case .reset(let chip):
            try world.onTurn(of: participant, "RESET") { bus throws(SPIBusError) in try bus.reset(ChipSelect(chip)) }
            return .done
        case .wait(let chips, let deadline):
            try world.wait(participant, chips: chips, deadline: deadline)
            return nil
        case .wake:
            world.wake(participant)
            return nil
        case .report(let measurement):
            if try !world.record(measurement, from: participant), !loggedUnmatchedReport.exchange(true, ordering: .relaxed) {
                logger.debug(
                    "a measurement report names a peer address no other device has sent from; such reports are ignored",
                    metadata: Self.metadata(of: participant).merging(
                        ["peer.short_address": "0x\(String(measurement.peer, radix: 16))"], uniquingKeysWith: { $1 }))
            }
            return nil
        case .position(let position):
            try world.record(position, from: participant)
            return nil
        }
    }
}
