import Foundation
import Testing
import UWBCore
@testable import UWBEmulator
import UWBTestSupport

/// A world split into parts, each with a simulator of its own, runs every device's events in the
/// order one simulator would (decision 0030): the same statistics and the same trace, octet for
/// octet, for one part, two or three.
@Suite("A world in parts gives the same run as in one")
struct WorldPartsTests {
    /// The statistics and the trace of `scenario`'s first `seconds`, its world split into `parts`.
    static func run(_ name: String, parts: Int, seconds: Double = 1, seed: UInt64 = 5) throws
        -> (statistics: [DeviceStatistics], trace: [UInt8], events: Int) {
        let scenario = try Scenario.load(
            from: Repository.path("Docs/scenarios/\(name).json"), boardSearchPaths: [Repository.boardsDirectory])
        let world = try Emulation(scenario: scenario, seed: seed, parts: parts)
        #expect(world.partCount == parts)
        let trace = try TraceCapture.bytes(of: world, until: SimulationTime(seconds: seconds))
        return (world.statistics, trace, world.eventsRun)
    }

    @Test("twenty scripted senders in a hall: the same counts and trace in 1, 2 and 3 parts", arguments: [2, 3])
    func scriptedHall(parts: Int) throws {
        let whole = try Self.run("hall-twenty", parts: 1)
        let split = try Self.run("hall-twenty", parts: parts)
        #expect(whole.statistics.map(\.received).reduce(0, +) > 1000)
        #expect(split.statistics == whole.statistics)
        #expect(split.trace == whole.trace)
        #expect(split.events == whole.events)
    }

    @Test("a walker behind a wall: the same counts and trace in one part per device")
    func walker() throws {
        let whole = try Self.run("walking-around", parts: 1, seconds: 2)
        let split = try Self.run("walking-around", parts: 2, seconds: 2)
        #expect(whole.statistics.map(\.sent).reduce(0, +) > 0)
        #expect(split.statistics == whole.statistics)
        #expect(split.trace == whole.trace)
    }

    @Test("devices are split by the work their frames cause, every part gets some, and the split is the same each time")
    func partition() throws {
        let scenario = try Scenario.load(
            from: Repository.path("Docs/scenarios/hall-twenty.json"), boardSearchPaths: [Repository.boardsDirectory])
        for count in 1...4 {
            let parts = try ScenarioPartition.parts(of: scenario, count: count)
            #expect(parts.count == scenario.devices.count)
            #expect(Set(parts) == Set(0..<count))
            #expect(try ScenarioPartition.parts(of: scenario, count: count) == parts)
            // Twenty like senders: the parts differ by at most one device.
            let sizes = (0..<count).map { part in parts.filter { $0 == part }.count }
            #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1)
        }
        // Devices kept together share a part.
        let grouped = try ScenarioPartition.parts(of: scenario, count: 3, keepingTogether: [[0, 5, 19], [3, 4]])
        #expect(grouped[0] == grouped[5] && grouped[5] == grouped[19] && grouped[3] == grouped[4])
        #expect(Set(grouped) == Set(0..<3))
    }

    @Test("no parts, more parts than devices, or a device for a part that does not exist: clear errors")
    func badParts() throws {
        let scenario = try Scenario.load(
            from: Repository.path("Docs/scenarios/two-devices-3m.json"), boardSearchPaths: [Repository.boardsDirectory])
        #expect(throws: EmulationError.partCount(0)) { try Emulation(scenario: scenario, parts: 0) }
        #expect(throws: EmulationError.partsBeyondDevices(parts: 3, devices: 2)) { try Emulation(scenario: scenario, parts: 3) }
        let world = try Emulation(seed: 1, channelModel: try ChannelModel(kind: .freeSpace, channel: .five), parts: 2)
        #expect(throws: EmulationError.noSuchPart(2, parts: 2)) {
            try world.add(WorldFixtures.device("alice", at: .zero), part: 2)
        }
        #expect(throws: EmulationError.partsBeyondDevices(parts: 2, devices: 1)) {
            try Emulation(scenario: scenario, parts: 2, keepingTogether: [[0, 1]])
        }
        #expect(EmulationError.partsBeyondDevices(parts: 3, devices: 2).description
            == "a world of 2 devices (counting devices that must share a part as one) cannot be split into 3 parts; give at most 2")
    }

    /// An app's delegate call runs at its event's instant and may start a frame at once (the work it
    /// posts runs then): a part whose next event is far off must still promise nothing later than its
    /// own instant plus the lookahead while such work waits, or the other part runs past the frame.
    /// Without that the parts wait for each other for ever: the run has a thread of its own and a
    /// deadline (``DeadlineThreads``), not a time limit, which would count the time the test waits
    /// for the shared pool on a loaded machine too.
    @Test("a frame an app's reaction sends at once reaches a receiver in another part that had nothing to do")
    func reactionThatTransmits() throws {
        let whole = try DeadlineThreads.run { try Self.heard(parts: 1) }
        #expect(whole.times.count == 1)
        let split = try DeadlineThreads.run { try Self.heard(parts: 2) }
        #expect(split.bobPart == 1)
        #expect(split.times == whole.times)
    }

    /// When bob, put in the last of `parts` parts, heard the frame alice's reaction sent at once, 1 ms
    /// in, and the part he ran in.
    static func heard(parts: Int) throws -> (times: [SimulationTime], bobPart: Int) {
        let world = try Emulation(seed: 1, channelModel: try ChannelModel(kind: .freeSpace, channel: .five), parts: parts)
        let queue = DispatchQueue(label: "reaction")
        try world.add(WorldFixtures.device("alice", at: .zero), part: 0) { radio in
            ClosureApplication(on: radio, onStart: { radio in
                radio.schedule(after: .milliseconds(1)) {
                    radio.deliver(on: queue) {
                        radio.post {
                            do throws(TransceiverError) {
                                try radio.primary.transmitImmediately([0x41, 0x88, 0x01], awaiting: nil)
                            } catch {
                                radio.record(error)
                            }
                        }
                    }
                }
            })
        }
        var recorder: ListeningRecorder?
        let bob = try world.add(WorldFixtures.device("bob", at: Vector3(x: 3, y: 0, z: 0)), part: parts - 1) { radio in
            let made = ListeningRecorder(on: radio, simulator: world.parts[parts - 1].simulator)
            recorder = made
            return made
        }
        world.run(until: SimulationTime(seconds: 0.01))
        let times: [SimulationTime] = recorder?.events.compactMap { if case .frameReceived = $0.event { $0.time } else { nil } } ?? []
        return (times, bob.part)
    }

    /// Paced, a world of several parts waits for the wall clock before each window and, like one part,
    /// for its end: a live view that runs a slice at a time keeps to real time even when a slice's last
    /// event comes early.
    @Test("a paced world of two parts runs the same events and waits for its end, scaled by the rate", arguments: [1.0, 4])
    func pacedParts(rate: Double) throws {
        let scenario = try Scenario.load(
            from: Repository.path("Docs/scenarios/hall-twenty.json"), boardSearchPaths: [Repository.boardsDirectory])
        let plain = try Emulation(scenario: scenario, seed: 5, parts: 2)
        plain.run(until: SimulationTime(seconds: 0.2537))
        let paced = try Emulation(scenario: scenario, seed: 5, parts: 2)
        let pacing = RecordingPacing()
        paced.run(until: SimulationTime(seconds: 0.2537), pacing: pacing, rate: rate)
        #expect(paced.statistics == plain.statistics)
        #expect(paced.eventsRun == plain.eventsRun)
        #expect(abs((pacing.waits.last ?? 0) - 0.2537 / rate) < 1e-12, "the last wait: \(pacing.waits.last ?? 0)")
        #expect(pacing.waits == pacing.waits.sorted())
    }
}
