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
    /// The names of the devices clients may attach to.
    public let freeDevices: [String]
    /// How the world runs when it starts (``perform(_:)`` changes its speed).
    public let settings: EmulatorServiceSettings
    /// What the room is made of.
    public let plan: RoomPlan

    /// Where the service logs (``EmulatorLogging``).
    private let logger: Logger
    private let world: LockstepWorld
    private let devices: [String: (device: EmulatedDevice, order: Int)]
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
    public init(
        emulation: Emulation, free: [String], socketPath: String = EmulatorService.defaultSocketPath,
        settings: EmulatorServiceSettings = EmulatorServiceSettings(), logger: Logger = EmulatorLogging.logger(),
        replaying: [RecordedMove] = [], recordingMovesTo: String? = nil
    ) throws(EmulatorServiceError) {
        self.logger = logger
        var devices: [String: (EmulatedDevice, Int)] = [:]
        for name in free {
            guard let order = emulation.devices.firstIndex(where: { $0.name == name }) else {
                throw .refused("the scenario has no device \"\(name)\"")
            }
            let device = emulation.devices[order]
            device.releaseChips()
            devices[name] = (device, order)
        }
        self.devices = devices
        self.freeDevices = free
        self.socketPath = socketPath
        self.settings = settings
        plan = RoomPlan(
            extent: RoomExtent(trajectories: emulation.medium.nodes.map(\.trajectory), obstacles: emulation.medium.obstacles),
            obstacles: emulation.medium.obstacles,
            devices: emulation.devices.map { device in
                PlanDevice(
                    name: device.name, board: device.board.id, chips: device.board.chips.count,
                    driven: devices[device.name] == nil ? .scenario : .app,
                    findsDirections: device.board.coherentReceivers >= 2)
            })
        let recorder: MoveRecorder?
        do throws(RecordedMoveError) {
            recorder = if let recordingMovesTo { try MoveRecorder(path: recordingMovesTo) } else { nil }
        } catch {
            throw .moves(error)
        }
        var record: (@Sendable (RecordedMove) -> Void)?
        if let recorder {
            record = { move in recorder.write(move) }
        }
        world = LockstepWorld(emulation: emulation, settings: settings, replaying: replaying, record: record)
        for (index, move) in replaying.enumerated() {
            do throws(WorldCommandError) {
                guard RecordedMove.isRecorded(move.command) else { throw .invalid("only moves and turns are replayed") }
                try world.check(move.command, plan: plan)
            } catch {
                throw .moves(.malformed("move \(index + 1) (after \(move.events) events): \(error.description)"))
            }
        }
        listener = try UnixSocket.listen(at: socketPath)
        logger.info("emulator service listening", metadata: ["socket": "\(socketPath)", "free": "\(free.joined(separator: ", "))"])
    }

    /// The world's virtual time.
    public var now: SimulationTime { world.now }

    /// Starts the world and accepts clients, each on a thread of its own.
    public func start() {
        let world = world
        let room = Thread {
            Thread.current.name = "uwb world"
            world.run()
        }
        room.start()
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
        world.stop()
    }

    /// The room as an observer sees it now (``EmulatorRequest/observe(version:)``): copied under the
    /// world's lock between two events, so taking it changes nothing in the run.
    public func snapshot() -> EmulatorSnapshot {
        world.snapshot(free: Set(freeDevices))
    }

    /// Does `command` to the world at the virtual instant it has reached, between two events, and
    /// returns that instant.
    ///
    /// - Throws: ``WorldCommandError`` for a device the room does not have, a place outside the
    ///   room or inside an obstacle, a value the scenario format would not accept, or a step while
    ///   the world runs; nothing changes then.
    public func perform(_ command: WorldCommand) throws(WorldCommandError) -> SimulationTime {
        try world.perform(command, plan: plan)
    }

    /// How many measurement reports of the apps named a peer address no other device of the room
    /// has sent a frame from: they were ignored (the first is logged at debug).
    public var unmatchedReports: Int { world.unmatchedReports }

    /// Serves one client until it goes away, breaks the protocol or is disconnected: an app that
    /// says HELLO, or an observer that says OBSERVE.
    private func serve(_ client: UnixSocket) {
        var participant: ServiceParticipant?
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
            participant = try attach(client, saying: first)
            guard let participant else { return }
            logger.info("app attached", metadata: Self.metadata(of: participant))
            while true {
                let request = try EmulatorRequest(decoding: EmulatorWire.receive(from: client, finishingWithin: settings.answerLimit))
                if let reply = try answer(request, from: participant) {
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
    private func attach(_ client: UnixSocket, saying hello: EmulatorRequest) throws(EmulatorServiceError) -> ServiceParticipant {
        guard case .hello(let version, let name) = hello else {
            throw .malformed("the first message must be HELLO (an app) or OBSERVE (an observer)")
        }
        guard EmulatorWire.appVersions.contains(version) else {
            throw .versionMismatch(client: version, service: EmulatorWire.version)
        }
        guard let chosen = devices[name] else {
            throw .refused("no free device \"\(name)\"; free devices: " + freeDevices.joined(separator: ", "))
        }
        return try world.join(chosen.device, order: chosen.order, socket: client, version: version)
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
    private func answer(_ request: EmulatorRequest, from participant: ServiceParticipant) throws(EmulatorServiceError) -> EmulatorReply? {
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
        }
    }
}
