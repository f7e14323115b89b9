import Foundation
import Testing
import UWBCore
@testable import UWBEmulator
import UWBTestSupport

@Suite("Culling: a frame below the interference floor is not carried, and nothing else changes")
struct CullingTests {
    /// A handler that hands everything to `wrapped` and logs each event with its device,
    /// chip and virtual time.
    final class LoggedApplication: RadioEventHandler {
        let wrapped: any RadioEventHandler
        let name: String
        let log: EventLog

        init(_ wrapped: any RadioEventHandler, name: String, log: EventLog) {
            self.wrapped = wrapped
            self.name = name
            self.log = log
        }

        func radioStarted() {
            wrapped.radioStarted()
        }

        func radio(_ event: TransceiverEvent, fromChip chip: Int) {
            log.lines.append("\(name)/\(chip) \(String(reflecting: event))")
            wrapped.radio(event, fromChip: chip)
        }
    }

    /// The events every handler of one run saw, in order.
    final class EventLog {
        var lines: [String] = []
    }

    /// Sends a broadcast frame every 50 ms, four from chip 0 of a dual-chip board, then four from
    /// chip 1, and so on, listening on chip 0 in between: the sending chip, and so the medium's
    /// reach, changes after frames the reach left out.
    static func alternatingSender(on radio: EmulatedRadio) -> ClosureApplication {
        var sent = 0
        var send: (EmulatedRadio) -> Void = { _ in }
        send = { radio in
            radio.schedule(after: .milliseconds(50)) { send(radio) }
            let chip = (sent / 4) % 2
            sent += 1
            let frame = (try? MACFrame(
                dataIn: PANIdentifier(rawValue: 0xDECA), from: .short(0x0A), to: .broadcast,
                sequenceNumber: UInt8(truncatingIfNeeded: sent), payload: [1, 2, 3]).encoded(includingFCS: false)) ?? []
            do throws(TransceiverError) {
                try radio.transceivers[0].turnOff()
                try radio.transceivers[chip].transmitImmediately(frame, awaiting: nil)
            } catch {
                radio.record(error)
            }
        }
        return ClosureApplication(
            on: radio,
            onStart: { radio in
                try? radio.primary.enableReceiver(.untilTurnedOff)
                radio.schedule(after: .milliseconds(7)) { send(radio) }
            },
            onEvent: { _, chip, radio in
                if chip == 0 { try? radio.primary.enableReceiver(.untilTurnedOff) }
            })
    }

    /// A CM4 world (path-loss exponent 3.07, 3.9 dB shadowing) along a line, so that some links
    /// fall below the floor: scripted senders at 0, 3, 9, 25, 90 and 250 m, the dual-chip
    /// alternating sender at 1 m, a walker going from 0 to 300 m and back, and a device joining
    /// at 120 m halfway through. With `carryEverything` the floor is lowered so that every frame
    /// is carried everywhere.
    static func run(carryEverything: Bool, seconds: Double) throws -> (log: [String], trace: [TraceRecord], world: Emulation) {
        let world = Emulation(seed: 21, channelModel: try ChannelModel(kind: .cm4, channel: .five))
        if carryEverything {
            world.medium.floorDBm = -.infinity
        }
        let log = EventLog()
        for (index, metres) in [0.0, 3, 9, 25, 90, 250].enumerated() {
            try world.add(WorldFixtures.device("s\(index)", at: Vector3(x: metres, y: 1, z: 0))) { radio in
                let scripted = ScriptedTransmitter(
                    on: radio, interval: .milliseconds(40), start: .milliseconds(3 + 7 * index), payloadLength: 8,
                    address: UInt16(index + 1))
                return LoggedApplication(scripted, name: "s\(index)", log: log)
            }
        }
        // The dual board's chip 0 sends 40 dB weaker than its chip 1, so that a receiver left out
        // of chip 0's reach hears chip 1: its link must have caught up on the frames it missed.
        var dual = try WorldFixtures.device("dual", at: Vector3(x: 1, y: 1, z: 0), boardID: "ft232h-dw1000-dual")
        dual.hardware[0].transmitPower = PowerLevel(dBm: LinkBudget.defaultTransmitLevel.dBm - 40)
        try world.add(dual) { LoggedApplication(alternatingSender(on: $0), name: "dual", log: log) }
        let walk = DevicePath(
            waypoints: [Waypoint(position: Position(metres: Vector3(x: 300, y: 1, z: 0)), speed: Speed(metresPerSecond: 200))],
            loops: true)
        try world.add(
            DeviceSetup(name: "walker", board: try WorldFixtures.board("ft232h-dw1000-single"),
                        trajectory: Trajectory(start: Position(metres: Vector3(x: 0, y: 1, z: 0)), path: walk)),
            application: {
                LoggedApplication(
                    ScriptedTransmitter(on: $0, interval: .milliseconds(30), start: .milliseconds(11), payloadLength: 4, address: 9),
                    name: "walker", log: log)
            })
        let bytes = try TraceCapture.bytes(of: world, until: SimulationTime(seconds: seconds / 2))
        // A device joining mid-run changes every sender's reach, so the links left out catch up.
        try world.add(WorldFixtures.device("late", at: Vector3(x: 120, y: 1, z: 0)))
        let later = try TraceCapture.bytes(of: world, until: SimulationTime(seconds: seconds))
        let trace = try PcapngReader(bytes: bytes).records + PcapngReader(bytes: later).records
        return (log.lines, trace, world)
    }

    @Test("the standard receiver's floor is −106 dBm (110 kbps) less 6 dB detection and 6 dB capture margins")
    func floor() throws {
        let world = Emulation(seed: 1, channelModel: try ChannelModel(kind: .cm3, channel: .five))
        #expect(world.medium.interferenceFloor == PowerLevel(dBm: -118))
    }

    @Test("culling changes no event any application sees, and the trace only loses receptions below the floor")
    func sameRunAsCarryingEverything() throws {
        let culled = try Self.run(carryEverything: false, seconds: 2)
        let everything = try Self.run(carryEverything: true, seconds: 2)
        #expect(culled.log.count > 200)
        #expect(culled.log == everything.log)
        let floor = culled.world.medium.interferenceFloor.dBm
        let expected = everything.trace.map { record in
            var kept = record
            kept.receptions = record.receptions.filter { $0.level.dBm >= floor }
            return kept
        }
        #expect(culled.trace == expected)
        // Some receptions were below the floor, so the comparison covers culling.
        #expect(everything.trace.flatMap(\.receptions).contains { $0.level.dBm < floor })
        #expect(culled.world.statistics.map(\.received) == everything.world.statistics.map(\.received))
        #expect(culled.world.statistics.map(\.collided) == everything.world.statistics.map(\.collided))
    }

    @Test("a device beyond the floor costs no event; one within it costs one per frame while it hunts for a preamble")
    func farDeviceCostsNothing() throws {
        func events(extra metres: Double?, hunting: Bool = false) throws -> Int {
            let world = try WorldFixtures.freeSpace()
            try world.add(WorldFixtures.device("alice", at: .zero),
                          application: { ScriptedTransmitter(on: $0, interval: .milliseconds(100), start: .milliseconds(10), payloadLength: 16, address: 1) })
            try world.add(WorldFixtures.device("bob", at: Vector3(x: 0, y: 0, z: -3)),
                          application: { ScriptedTransmitter(on: $0, interval: .milliseconds(100), start: .milliseconds(60), payloadLength: 16, address: 2) })
            if let metres {
                // Free space, no shadowing: −14.3 dBm − 48.69 dB − 20·log₁₀(d) (less 3 dB through a body front).
                try world.add(WorldFixtures.device("carol", at: Vector3(x: metres, y: 0, z: 0))) { radio in
                    ClosureApplication(on: radio, onStart: { radio in
                        if hunting { try? radio.primary.enableReceiver(.untilTurnedOff) }
                    })
                }
            }
            world.run(until: SimulationTime(seconds: 1))
            return world.simulator.eventsRun
        }
        let alone = try events(extra: nil)
        // 1000 m: at most −123.0 dBm, below −118 dBm.
        #expect(try events(extra: 1_000) == alone)
        // 300 m: about −112.5 dBm, above the floor though not detectable: the 20 frames are carried
        // there, but a receiver that is off cannot lock onto them, so their arrivals are never queued...
        #expect(try events(extra: 300) == alone)
        // ...and one that hunts gets an arrival event for each.
        #expect(try events(extra: 300, hunting: true) == events(extra: 1_000, hunting: true) + 20)
    }

    @Test("skipping a frame takes from a link's stream exactly what carrying it takes",
          arguments: [(1, [Bool]()), (2, []), (3, []), (1, [true]), (2, [false, true]), (3, [true, true, true])])
    func skipMatchesCarry(chips: Int, secondPorts: [Bool]) throws {
        var carried = LinkState(random: SeededRandom(seed: 99))
        var skipped = carried
        for _ in 0..<5 {
            carried.drawReception(chips: chips, secondPorts: secondPorts, phaseSigma: 0.3) { _, _, _, _ in }
        }
        skipped.skip(frames: 5, chips: chips, secondPorts: secondPorts)
        for _ in 0..<3 {
            #expect(carried.random.normal(mean: 0, standardDeviation: 1) == skipped.random.normal(mean: 0, standardDeviation: 1))
        }
    }
}
