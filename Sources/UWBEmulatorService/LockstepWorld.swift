import Foundation
import Synchronization
import UWBCore
import UWBEmulator

/// The emulator service's world on one virtual time shared with its apps, run as a conservative
/// co-simulation: the world moves on only while every attached app waits (for an interrupt line
/// of its chips or a virtual deadline it named), and an app whose turn it is drives its chips
/// while the world stands still. So a starved, slow or debugged app slows the world; it never
/// makes a reply late.
///
/// Apps due at one instant take their turns one at a time, in the scenario's device order, and
/// the world runs no event while a turn lasts, so the run depends on what the apps do at which
/// virtual instants, never on thread scheduling. The wall clock only caps the speed
/// (``EmulatorServiceSettings/speed``) and bounds how long an app may hold its turn
/// (``EmulatorServiceSettings/answerLimit``).
///
/// A world split into parts (decision 0030, ``InterleavedParts``) holds only the part of the app whose
/// turn it is: the other parts run on as far as that app could not reach them sooner (it can put a
/// frame on the air a lookahead after its instant at the earliest), and their apps take turns
/// meanwhile, so apps of different parts take turns at once. The run is the same however the world
/// is split. Moves and turns of devices wait until no part lags behind the others, so that they
/// take effect where a world of one part would stand after as many events (``RecordedMove``).
///
/// One thread runs the world (``run()``); each connection's thread calls the other members. All
/// state, the emulation's included, is used only while holding ``condition``
/// (`@unchecked Sendable`).
final class LockstepWorld: @unchecked Sendable {
    /// How far behind its speed cap the world may fall before it stops trying to catch up.
    static let catchUpLimit: Duration = .milliseconds(50)
    /// How many turns in a row an app may take at one instant for an interrupt line alone: an app
    /// that never clears a line it waits on would otherwise hold time still for ever. A real app
    /// takes a few (one per event the chip raises at once).
    static let lineTurnsAtOneInstant = 10_000

    private let emulation: Emulation
    /// The world's parts, run one step at a time.
    private let parts: InterleavedParts
    private let settings: EmulatorServiceSettings
    private let condition = NSCondition()
    /// How many connection threads wait for ``condition``'s lock: the world's thread, which holds
    /// it while it runs events, lets them in between two events (a mutex is not fair, so merely
    /// unlocking would not).
    private let callersWaiting = Atomic<Int>(0)
    /// Whether the world's thread waits for those callers to be done.
    private var yielding = false
    /// The attached apps, in device order.
    private var participants: [ServiceParticipant] = []
    /// The apps whose turn it is, by the part of the world their device runs in (one per part at
    /// most), and since when on the wall clock.
    private var active: [Int: (participant: ServiceParticipant, since: ContinuousClock.Instant)] = [:]
    /// How many turns the apps took, and how many while an app of another part held its own.
    private var turnFigures = TurnFigures()
    /// How many moves and turns wait for the world's parts to stand at one point of the run
    /// (``perform(_:plan:)``).
    private var gathering = 0
    private var started = false
    private var running = true
    /// Why the world was retired (``retire(telling:)``), once it is.
    private var retiredBecause: String?
    /// Where the speed cap counts from: a wall instant and the virtual time then.
    private var anchor: (wall: ContinuousClock.Instant, virtual: SimulationTime)?
    /// The speed cap now (``EmulatorServiceSettings/speed`` until a ``WorldCommand/speed(_:)``).
    private var speed: Double
    /// Whether virtual time stands still (``WorldCommand/pause``), and, while it does, how far a
    /// ``WorldCommand/step(_:)`` lets it run.
    private var paused = false
    private var stepEnd: SimulationTime?
    /// The moves still to replay, each after its number of events (``RecordedMove``).
    private var replay: ArraySlice<RecordedMove>
    /// Where each move and turn is written as it takes effect, if anywhere.
    private let record: (@Sendable (RecordedMove) -> Void)?
    /// The latest measurement the app on each device reported of each other device (by their
    /// indices: measuring, measured), for observers.
    private var reports: [Int: [Int: MeasurementFields]] = [:]
    /// How many reports named an address no other device has sent from (``record(_:from:)``).
    private var unmatchedReportCount = 0
    /// The latest position the app on each device fixed of it, with its track (by device index).
    private var fixes: [Int: SnapshotFix] = [:]

    /// A world running `emulation` as `settings` say, replaying `moves` (already checked against
    /// the room) and handing every move and turn that takes effect to `record`.
    init(
        emulation: Emulation, settings: EmulatorServiceSettings, replaying moves: [RecordedMove] = [],
        record: (@Sendable (RecordedMove) -> Void)? = nil
    ) {
        self.emulation = emulation
        parts = InterleavedParts(emulation)
        self.settings = settings
        speed = settings.speed
        replay = moves[...]
        self.record = record
    }

    /// The world's virtual time: the latest instant any of its parts has reached.
    var now: SimulationTime {
        locked { parts.reached }
    }

    /// How many turns the apps took so far, and how many of them at once with another part's.
    var turns: TurnFigures {
        locked { turnFigures }
    }

    /// Stops ``run()``.
    func stop() {
        locked {
            running = false
            condition.broadcast()
        }
    }

    /// Stops ``run()`` for good, detaching every app with ERROR `reason` (its device is freed) and
    /// refusing apps that attach later with it: for a room another has replaced.
    func retire(telling reason: String) {
        locked {
            retiredBecause = reason
            for participant in participants {
                drop(participant, telling: reason)
            }
            running = false
            condition.broadcast()
        }
    }

    // MARK: The apps' side (connection threads)

    /// Attaches an app speaking wire format `version` to `device` (at `order` in the scenario);
    /// its first turn comes with WELCOME, sent by the world.
    ///
    /// - Throws: ``EmulatorServiceError/refused(_:)`` if another app drives the device, or the world
    ///   was retired.
    func join(_ device: EmulatedDevice, order: Int, socket: UnixSocket, version: UInt16) throws(EmulatorServiceError)
        -> ServiceParticipant {
        let app = AttachedApp.peer(of: socket)
        return try locked { () throws(EmulatorServiceError) in
            if let retiredBecause {
                throw .refused(retiredBecause)
            }
            guard !participants.contains(where: { $0.device === device }) else {
                throw .refused("device \"\(device.name)\" is in use by another app; each device takes one app at a time")
            }
            let participant = ServiceParticipant(
                device: device, order: order, part: parts.part(ofDevice: order), socket: socket, app: app, version: version)
            let index = participants.firstIndex { $0.order > order } ?? participants.endIndex
            participants.insert(participant, at: index)
            condition.broadcast()
            return participant
        }
    }

    /// Runs `body` on the app's chips during its turn.
    ///
    /// - Throws: ``EmulatorServiceError/malformed(_:)`` outside the app's turn (it must wait for
    ///   WELCOME or WOKE), else what `body` throws, as a refusal.
    func onTurn<Result>(of participant: ServiceParticipant, _ request: String, _ body: (VirtualBoardBus) throws(SPIBusError) -> Result)
        throws(EmulatorServiceError) -> Result {
        try locked { () throws(EmulatorServiceError) in
            guard participant.state == .active else {
                throw .malformed("\(request) outside the app's turn; send it only after WELCOME or WOKE, before WAIT")
            }
            do throws(SPIBusError) {
                return try body(participant.bus)
            } catch {
                throw .refused(error.description)
            }
        }
    }

    /// Ends the app's turn: it waits for `chips`' interrupt lines or `deadline`.
    ///
    /// - Throws: ``EmulatorServiceError/malformed(_:)`` outside the app's turn.
    func wait(_ participant: ServiceParticipant, chips: UInt8, deadline: SimulationTime?) throws(EmulatorServiceError) {
        try locked { () throws(EmulatorServiceError) in
            guard participant.state == .active else { throw .malformed("WAIT outside the app's turn; wait for WOKE first") }
            participant.state = .waiting(chips: chips, deadline: deadline)
            active[participant.part] = nil
            condition.broadcast()
        }
    }

    /// Ends the app's wait early, if it waits.
    func wake(_ participant: ServiceParticipant) {
        locked {
            guard case .waiting = participant.state else { return }
            participant.wakeRequested = true
            condition.broadcast()
        }
    }

    /// Detaches the app, telling it `reason` if there is one, and frees its device.
    func leave(_ participant: ServiceParticipant, telling reason: String? = nil) {
        locked { drop(participant, telling: reason) }
    }

    /// Keeps what the app's session measured of its peer, during its turn: the peer is the device
    /// that last sent a frame from the short address the report names. Returns false, counting
    /// the report, when no other device has sent from it.
    ///
    /// - Throws: ``EmulatorServiceError/malformed(_:)`` outside the app's turn, from an app older
    ///   than ``EmulatorWire/reportingVersion``, or for a time after the turn's.
    func record(_ report: ReportedMeasurement, from participant: ServiceParticipant) throws(EmulatorServiceError) -> Bool {
        try locked { () throws(EmulatorServiceError) in
            let fields = MeasurementFields(report)
            try checkReport("REPORT", at: fields.at, from: participant, since: EmulatorWire.reportingVersion)
            guard let peer = emulation.medium.lastSender(ofShortAddress: report.peer), peer != participant.order else {
                unmatchedReportCount += 1
                return false
            }
            reports[participant.order, default: [:]][peer] = fields
            return true
        }
    }

    /// Keeps where the app's positioning fixed its device, during its turn: the latest fix, with
    /// the one before it added to the device's track.
    ///
    /// - Throws: ``EmulatorServiceError/malformed(_:)`` outside the app's turn, from an app older
    ///   than ``EmulatorWire/positionReportingVersion``, or for a time after the turn's.
    func record(_ report: ReportedPosition, from participant: ServiceParticipant) throws(EmulatorServiceError) {
        try locked { () throws(EmulatorServiceError) in
            let fields = PositionFields(report)
            try checkReport("REPORT POSITION", at: fields.at, from: participant, since: EmulatorWire.positionReportingVersion)
            fixes[participant.order] = fixes[participant.order]?.followed(by: fields)
                ?? SnapshotFix(position: fields.position, covariance: fields.covariance, at: fields.at)
        }
    }

    /// Refuses a report `name` at `time` from an app older than `version`, outside its turn or
    /// after the turn's time. Lock held.
    private func checkReport(
        _ name: String, at time: SimulationTime, from participant: ServiceParticipant, since version: UInt16
    ) throws(EmulatorServiceError) {
        guard participant.version >= version else {
            throw .malformed("\(name) from an app that said HELLO \(participant.version); only version \(version) and later send it")
        }
        guard participant.state == .active else {
            throw .malformed("\(name) outside the app's turn; send it only after WELCOME or WOKE, before WAIT")
        }
        let now = parts.now(of: participant.part)
        guard time <= now else {
            throw .malformed("a \(name) at \(time), after the turn's time \(now)")
        }
    }

    /// How many reports named an address no other device has sent from: they were ignored.
    var unmatchedReports: Int {
        locked { unmatchedReportCount }
    }

    // MARK: Observers (connection threads)

    /// The room as it is now: every device (free for apps if its name is in `free`, with the app
    /// attached to it, where it is and which way it faces), every pair's true distance, the frames
    /// received over it and what the apps at its ends last reported of each other, the world's
    /// time, speed and whether it is paused. What changes with the run is copied in one go under
    /// the lock, between two events, so taking it changes nothing in the world; the distances are
    /// worked out after the lock is released.
    func snapshot(free: Set<String>) -> EmulatorSnapshot {
        var copy = EmulatorSnapshot(now: .zero, speed: 0, devices: [], links: [])
        var antennas: [Position] = []
        var frames: [[Int]] = []
        var reports: [Int: [Int: MeasurementFields]] = [:]
        locked {
            let now = parts.reached
            let nodes = emulation.medium.nodes
            copy.now = now
            copy.speed = speed
            copy.paused = paused
            copy.devices = emulation.devices.enumerated().map { index, device in
                SnapshotDevice(
                    name: device.name, board: device.board.id,
                    position: nodes.indices.contains(index) ? nodes[index].trajectory.position(at: now) : .origin,
                    yaw: nodes.indices.contains(index) ? nodes[index].orientation.yaw : .zero,
                    clockOffset: device.chips.first?.oscillator.offset(at: now) ?? ClockOffset(partsPerMillion: 0),
                    isFree: free.contains(device.name), app: participants.first { $0.device === device }?.app,
                    fix: fixes[index])
            }
            antennas = nodes.map { $0.antennaPosition(0, at: now) }
            frames = emulation.medium.linkReceptions
            reports = self.reports
        }
        let devices = copy.devices
        var links: [SnapshotLink] = []
        for first in devices.indices where antennas.indices.contains(first) {
            for second in devices.indices where second > first && antennas.indices.contains(second) {
                links.append(SnapshotLink(
                    first: first, second: second, trueDistance: antennas[first].distance(to: antennas[second]),
                    framesToSecond: frames[first][second], framesToFirst: frames[second][first],
                    measurements: [(first, second), (second, first)].compactMap { by, of in reports[by]?[of]?.measurement(by: by) }))
            }
        }
        copy.links = links
        return copy
    }

    /// The impulse response of the last frame chip `chip` of device `device` (by their indices) kept,
    /// worked out under the lock, between two events; reading it changes nothing in the world.
    ///
    /// - Throws: ``ImpulseResponseError`` for a device or chip the room does not have, or a chip that has
    ///   kept no frame yet.
    func impulseResponse(device: Int, chip: Int) throws(ImpulseResponseError) -> ChipImpulseResponse {
        try locked { () throws(ImpulseResponseError) in
            let devices = emulation.devices
            guard devices.indices.contains(device) else {
                throw .unknownDevice(device, devices: devices.map(\.name))
            }
            let chips = devices[device].chips
            guard chips.indices.contains(chip) else {
                throw .unknownChip(chip, device: devices[device].name, board: devices[device].board.id, chips: chips.count)
            }
            guard let received = chips[chip].lastReceivedAccumulator else {
                throw .nothingReceived(device: devices[device].name, chip: chip)
            }
            return ChipImpulseResponse(device: device, chip: chip, received: received)
        }
    }

    // MARK: Commands (connection threads)

    /// Does `command` at the virtual instant the world has reached (the lock is taken between two
    /// events), checking it against `plan` first; returns that instant. A move or a turn of a device
    /// in a world split into parts waits until no part lags behind the others (``standsTogether``).
    func perform(_ command: WorldCommand, plan: RoomPlan) throws(WorldCommandError) -> SimulationTime {
        try locked { () throws(WorldCommandError) in
            try check(command, plan: plan)
            if RecordedMove.isRecorded(command) {
                gathering += 1
                condition.broadcast()
                while running, !standsTogether {
                    condition.wait()
                }
                gathering -= 1
            }
            apply(command)
            condition.broadcast()
            return parts.reached
        }
    }

    /// Checks that `command` can be done in the room `plan` describes. Lock held.
    func check(_ command: WorldCommand, plan: RoomPlan) throws(WorldCommandError) {
        switch command {
        case .move(let name, let position):
            _ = try deviceIndex(name)
            try Self.check(position, of: name, in: plan)
        case .rotate(let name, let yaw):
            _ = try deviceIndex(name)
            guard yaw.degrees.isFinite, ScenarioLimit.orientationAngle.contains(yaw.degrees) else {
                throw .invalid("yaw \(yaw.degrees)°: " + ScenarioLimit.orientationAngle.reason)
            }
        case .pause, .resume:
            break
        case .step(let duration):
            guard paused else { throw .notPaused }
            guard duration > .zero, ScenarioLimit.duration.contains(duration.secondsValue) else {
                throw .invalid("step \(duration.secondsValue) s: " + ScenarioLimit.duration.reason)
            }
        case .speed(let newSpeed):
            guard newSpeed.isFinite, newSpeed >= 0 else {
                throw .invalid("speed \(newSpeed): give 0 (as fast as the apps keep up) or a positive number of virtual seconds per wall second")
            }
        }
    }

    /// Does `command`, checked, now, and records it if the log keeps it. Lock held.
    private func apply(_ command: WorldCommand) {
        let now = parts.reached
        switch command {
        case .move(let name, let position):
            guard let index = try? deviceIndex(name) else { return }
            emulation.medium.relocate(index, to: position, facing: emulation.medium.nodes[index].orientation)
        case .rotate(let name, let yaw):
            guard let index = try? deviceIndex(name) else { return }
            let node = emulation.medium.nodes[index]
            let orientation = Orientation(yaw: yaw, pitch: node.orientation.pitch, roll: node.orientation.roll)
            emulation.medium.relocate(index, to: node.trajectory.position(at: now), facing: orientation)
        case .pause:
            paused = true
            stepEnd = nil
        case .resume:
            paused = false
            stepEnd = nil
            anchor = nil
        case .step(let duration):
            stepEnd = now + duration
        case .speed(let newSpeed):
            speed = newSpeed
            anchor = nil
        }
        if RecordedMove.isRecorded(command) {
            record?(RecordedMove(events: parts.eventsRun, at: now, command: command))
        }
    }

    /// Does the replayed moves whose events have run, once no part lags behind the others. Lock held.
    private func replayDueMoves() {
        while let move = replay.first, move.events <= parts.eventsRun, standsTogether {
            replay.removeFirst()
            apply(move.command)
        }
    }

    /// The index of the device called `name`.
    private func deviceIndex(_ name: String) throws(WorldCommandError) -> Int {
        guard let index = emulation.devices.firstIndex(where: { $0.name == name }),
              emulation.medium.nodes.indices.contains(index) else {
            throw .unknownDevice(name, available: emulation.devices.map(\.name))
        }
        return index
    }

    /// Checks that `position` is a place the scenario format would accept for a device, inside
    /// the room and outside every obstacle.
    private static func check(_ position: Position, of name: String, in plan: RoomPlan) throws(WorldCommandError) {
        let point = position.metres
        for coordinate in [point.x, point.y, point.z] {
            guard coordinate.isFinite, ScenarioLimit.coordinate.contains(coordinate) else {
                throw .invalid("position coordinate \(coordinate): " + ScenarioLimit.coordinate.reason)
            }
        }
        guard plan.extent.contains(position) else {
            throw .outsideRoom(device: name, position: position, extent: plan.extent)
        }
        if let obstacle = plan.obstacles.first(where: { $0.contains(position) }) {
            throw .insideObstacle(device: name, position: position, obstacle: obstacle.name)
        }
    }

    // MARK: The world's thread

    /// Runs the world until ``stop()``: gives turns, runs events, waits.
    func run() {
        condition.lock()
        defer { condition.unlock() }
        parts.start()
        while running {
            replayDueMoves()
            if gathering > 0, standsTogether {
                // A move waits for this point of the run: let it in before anything runs on.
                condition.broadcast()
                condition.wait()
            } else if dropTurnHeldTooLong() {
                continue
            } else if let due = nextDue() {
                grant(due)
            } else if (participants.isEmpty && !runsAlone) || (!started && !readyToStart) {
                // No app to serve, or not enough yet: nothing to run the world for, but to bring a part
                // that lags up to the others for a move.
                if gathering > 0 {
                    advance(onlyLagging: true)
                } else {
                    anchor = nil
                    condition.wait()
                }
            } else {
                started = true
                advance(onlyLagging: false)
            }
        }
    }

    /// Whether the world runs with no app attached: asked for, and paced (in the fastest mode it
    /// would race through the run before the first app could attach).
    private var runsAlone: Bool {
        settings.runsWithoutApps && speed > 0
    }

    /// Whether enough apps wait on a deadline for the clock to start.
    private var readyToStart: Bool {
        participants.count { $0.deadline != nil } >= settings.startAfterApps
    }

    /// Whether every part of the world stands at one point of the run: no part lags behind what another
    /// has run, so the world is where one simulator would be after as many events. Always, for a world
    /// of one part. Lock held.
    private var standsTogether: Bool {
        parts.count == 1 || !(0..<parts.count).contains(where: lags)
    }

    /// Whether part `part` lags behind what another part has run: held by an app at an earlier instant,
    /// or with its next event, or its clock's move to an app's deadline, before it. Lock held.
    private func lags(_ part: Int) -> Bool {
        guard active[part] == nil else { return parts.lags(held: part) }
        return parts.nextStep(of: part, horizon: deadline(in: part)).map(parts.lags) ?? false
    }

    /// The earliest deadline an app of part `part` waits for.
    private func deadline(in part: Int) -> SimulationTime? {
        participants.lazy.filter { $0.part == part }.compactMap(\.deadline).min()
    }

    /// The first app, in device order, whose turn is due and whose part no other app holds: one due at
    /// an instant the world planned (a deadline, an interrupt line) at its part's instant; one joining
    /// or asking to wake once its part lags behind no other, at the world's time.
    private func nextDue() -> ServiceParticipant? {
        for participant in participants where active[participant.part] == nil {
            let part = participant.part
            guard participant.isDue(at: parts.now(of: part)) else { continue }
            guard participant.isDueUnplanned, parts.count > 1 else { return participant }
            guard !lags(part) else { continue }
            parts.bringUp(part)
            return participant
        }
        return nil
    }

    /// Disconnects the app that has held its turn too long, if one has; returns whether one had.
    private func dropTurnHeldTooLong() -> Bool {
        guard let limit = settings.answerLimit, !active.isEmpty else { return false }
        let wallNow = ContinuousClock.now
        guard let (_, late) = active.first(where: { wallNow - $0.value.since >= limit }) else { return false }
        drop(late.participant, telling: "the app held its turn for longer than \(limit) without WAIT; it was disconnected and its device freed")
        return true
    }

    /// Waits while apps hold their turns and nothing else can run, until the first turn would have been
    /// held too long.
    private func waitForTurns() {
        guard let limit = settings.answerLimit, let since = active.values.map(\.since).min() else {
            condition.wait()
            return
        }
        let remaining = since + limit - ContinuousClock.now
        guard remaining > .zero else { return }
        _ = condition.wait(until: Date(timeIntervalSinceNow: remaining.secondsValue))
    }

    /// Gives `participant` its turn: WELCOME the first time, WOKE afterwards; disconnects it
    /// instead if its interrupt lines alone have held time still for too many turns.
    private func grant(_ participant: ServiceParticipant) {
        let now = parts.now(of: participant.part)
        if participant.isDueToLinesAlone(at: now) {
            let count = participant.lineTurns.map { $0.at == now ? $0.count + 1 : 1 } ?? 1
            participant.lineTurns = (now, count)
            guard count <= Self.lineTurnsAtOneInstant else {
                drop(participant, telling: "the app took \(Self.lineTurnsAtOneInstant) turns at one instant for an interrupt line it does not clear, holding time still; it was disconnected and its device freed")
                return
            }
        }
        let reply: EmulatorReply = participant.state == .joining
            ? .welcome(version: participant.version, board: participant.device.board.id, now: now)
            : .woke(now: now, interrupts: participant.interruptLines)
        participant.state = .active
        participant.wakeRequested = false
        turnFigures.turns += 1
        if !active.isEmpty {
            turnFigures.takenAtOnce += 1
        }
        active[participant.part] = (participant, ContinuousClock.now)
        do {
            try EmulatorWire.send(reply.encoded, on: participant.socket)
        } catch {
            drop(participant, telling: nil)
        }
    }

    /// Moves one part of the world on by one step (its next event, or its clock to the earliest
    /// deadline one of its apps waits for), when the speed cap allows; waits when nothing can run.
    ///
    /// The parts run in the order one simulator would, but that a part an app holds stands still while
    /// the others run on as far as their limits let them. While a move waits, or moves are replayed,
    /// no part runs ahead: the others wait for the held part, and a part that lags catches up first.
    /// Paused, only a part that lags runs (time stands still), or every part up to a step's end;
    /// `onlyLagging`, only a part that lags.
    private func advance(onlyLagging: Bool) {
        let count = parts.count
        let inOrder = gathering > 0 || !replay.isEmpty
        let stepping = paused ? stepEnd : nil
        let onlyLagging = onlyLagging || (paused && stepEnd == nil)
        var steps: [InterleavedParts.Step] = []
        var earliestHeld: SimulationTime?
        var settled = parts.reached
        for part in 0..<count {
            if active[part] != nil {
                let now = parts.now(of: part)
                earliestHeld = min(earliestHeld ?? now, now)
                settled = min(settled, now)
                continue
            }
            let horizon = [deadline(in: part), stepping].compactMap { $0 }.min()
            guard let step = parts.nextStep(of: part, horizon: horizon) else { continue }
            settled = min(settled, step.time)
            if stepping.map({ parts.now(of: part) >= $0 }) == true || (onlyLagging && !parts.lags(step)) {
                // At the step's end, or running only to catch up.
                continue
            }
            steps.append(step)
        }
        parts.settleTrace(before: settled)
        let first = steps.min { $0.precedes($1) }
        if let first, earliestHeld.map({ first.time < $0 || (first.time == $0 && !first.runsEvent) }) ?? true {
            take(first)
        } else if let ahead = inOrder ? nil : firstSafe(of: steps) {
            take(ahead)
        } else if !active.isEmpty {
            waitForTurns()
        } else {
            if paused, stepEnd != nil, !onlyLagging {
                // At the end of a step: time stands still until a command moves it.
                stepEnd = nil
            }
            anchor = nil
            condition.wait()
        }
    }

    /// The first of `steps` in the world's order that its part may take while apps hold other parts:
    /// one no frame from another part, or from an app holding its turn, could reach sooner.
    private func firstSafe(of steps: [InterleavedParts.Step]) -> InterleavedParts.Step? {
        let acting = (0..<parts.count).map { part -> SimulationTime? in
            if active[part] != nil { return parts.now(of: part) }
            if participants.contains(where: { $0.part == part && $0.isDueUnplanned }) { return parts.reached }
            return deadline(in: part)
        }
        let limits = parts.limits(acting: acting)
        return steps.sorted { $0.precedes($1) }.first { $0.time <= limits[$0.part] }
    }

    /// Takes `step` once the speed cap allows, then stands aside for the connections' threads waiting
    /// for the lock.
    private func take(_ step: InterleavedParts.Step) {
        if step.time > parts.reached, let wait = paceWait(until: step.time) {
            _ = condition.wait(until: Date(timeIntervalSinceNow: wait.secondsValue))
            return
        }
        parts.take(step)
        yielding = true
        while callersWaiting.load(ordering: .acquiring) > 0, running {
            condition.wait()
        }
        yielding = false
    }

    /// How long to wait before the world may reach `target` under the speed cap; nil if it may now.
    /// A world that has fallen further behind than ``catchUpLimit`` (its apps were slow, or
    /// nothing happened for a while) counts from here again instead of rushing to catch up.
    private func paceWait(until target: SimulationTime) -> Duration? {
        guard speed > 0 else { return nil }
        let wallNow = ContinuousClock.now
        let scale = 1 / speed
        if let anchor {
            let due = anchor.wall + (target - anchor.virtual) * scale
            if wallNow - due <= Self.catchUpLimit {
                return due > wallNow ? due - wallNow : nil
            }
        }
        let reached = parts.reached
        anchor = (wallNow, reached)
        let wait = (target - reached) * scale
        return wait > .zero ? wait : nil
    }

    /// Removes `participant`, telling it `reason` first if there is one.
    private func drop(_ participant: ServiceParticipant, telling reason: String?) {
        guard participant.state != .gone else { return }
        participant.state = .gone
        participants.removeAll { $0 === participant }
        // What its app measured and fixed goes with it: the next app on the device starts afresh.
        reports[participant.order] = nil
        fixes[participant.order] = nil
        if active[participant.part]?.participant === participant {
            active[participant.part] = nil
        }
        if let reason {
            try? EmulatorWire.send(EmulatorReply.error(reason).encoded, on: participant.socket)
        }
        participant.socket.close()
        condition.broadcast()
    }

    /// Runs `body` holding the lock, for a connection's thread, and wakes the world's thread after
    /// it if it stood aside for callers. (What changes the world's plans, a WAIT for example,
    /// wakes it itself.)
    private func locked<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        callersWaiting.add(1, ordering: .acquiringAndReleasing)
        condition.lock()
        callersWaiting.subtract(1, ordering: .acquiringAndReleasing)
        defer {
            if yielding {
                condition.broadcast()
            }
            condition.unlock()
        }
        return try body()
    }
}
