import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService
import UWBTestSupport

/// What a person does to the emulator service's world from its web page (`WorldCommand`): moves,
/// turns, pauses, steps and speed, each at a virtual instant, with apps ranging through it.
@Suite("World commands", .serialized)
struct WorldCommandTests {
    /// A service whose alice and bob stand 3 m apart, free for apps, with a metal cabinet beside
    /// them; `speed` caps the world.
    static func service(speed: Double = 0) throws -> EmulatorService {
        let emulation = try FacingPair.emulation(seed: 3)
        let path = "/tmp/swift-uwb-test-\(UUID().uuidString.prefix(8)).sock"
        let service = try EmulatorService(
            emulation: emulation, free: ["alice", "bob"], socketPath: path,
            settings: EmulatorServiceSettings(speed: speed))
        service.start()
        return service
    }

    static func position(_ x: Double, _ y: Double, _ z: Double) -> Position {
        Position(metres: Vector3(x: x, y: y, z: z))
    }

    @Test("a device moved while two apps range is at its new place from that instant, and their distances follow", .timeLimit(.minutes(10)))
    func moveWhileRanging() throws {
        let service = try Self.service()
        defer { service.stop() }
        let pair = try ServiceRangingPair(on: service)
        defer { pair.stop() }
        #expect(pair.keepRanging(more: 3))
        let before = service.now
        let at = try service.perform(.move(device: "bob", to: Self.position(0, 1, -1.5)))
        #expect(at >= before)
        let snapshot = service.snapshot()
        #expect(snapshot.devices[1].position == Self.position(0, 1, -1.5))
        #expect(abs(snapshot.links[0].trueDistance.metres - 1.5) < 1e-9)
        // The sessions' filter follows a jump of 1.5 m within a few updates (and a round that
        // began before the move still measures the old distance); from then on they measure the new one.
        let counts = pair.waiters.map { $0.measured.count }
        #expect(pair.keepRanging(more: 14))
        for (waiter, count) in zip(pair.waiters, counts) {
            let after = waiter.measured.dropFirst(count + 8)
            #expect(!after.isEmpty)
            for distance in after {
                #expect(abs(distance - 1.5) < 0.15, "\(waiter.measured)")
            }
        }
    }

    @Test("pause holds virtual time, step runs it exactly that far, resume lets it run", .timeLimit(.minutes(10)))
    func pauseStepResume() throws {
        let service = try Self.service()
        defer { service.stop() }
        let pair = try ServiceRangingPair(on: service)
        defer { pair.stop() }
        #expect(pair.keepRanging(more: 2))
        let paused = try service.perform(.pause)
        #expect(service.snapshot().paused)
        #expect(service.now == paused)
        let stepped = try service.perform(.step(.milliseconds(250)))
        #expect(stepped == paused)
        #expect(Eventually.holds { service.now == paused + .milliseconds(250) })
        // Time stands at the step's end while the apps keep taking their turns (a slow machine
        // only makes this check weaker, never wrong).
        for _ in 0..<50 {
            #expect(service.now == paused + .milliseconds(250))
            Thread.sleep(forTimeInterval: 0.002)
        }
        _ = try service.perform(.resume)
        #expect(!service.snapshot().paused)
        #expect(pair.keepRanging(more: 2))
        #expect(service.now > paused + .milliseconds(250))
    }

    @Test("asked to, the world runs with no app attached, at its speed, and a pause holds it; the snapshot gives each clock's offset", .timeLimit(.minutes(10)))
    func runsWithoutApps() throws {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-single.json"))
        let emulation = Emulation(seed: 1, channelModel: try ChannelModel(kind: .freeSpace, channel: .five))
        try emulation.add(DeviceSetup(name: "alice", board: board, trajectory: .standing(at: Self.position(0, 1, 0))))
        try emulation.add(
            DeviceSetup(
                name: "beacon", board: board, clockOffset: ClockOffset(partsPerMillion: 7),
                trajectory: .standing(at: Self.position(0, 1, -3))),
            application: { ScriptedTransmitter(on: $0, interval: .milliseconds(100), start: .milliseconds(10), payloadLength: 12, address: 7) })
        let service = try EmulatorService(
            emulation: emulation, free: ["alice"], socketPath: "/tmp/swift-uwb-test-\(UUID().uuidString.prefix(8)).sock",
            settings: EmulatorServiceSettings(speed: 100, runsWithoutApps: true))
        service.start()
        defer { service.stop() }
        #expect(Eventually.holds { service.now >= SimulationTime(seconds: 0.5) })
        let paused = try service.perform(.pause)
        #expect(paused > .zero)
        // The beacon's clock as the emulator keeps it: 7 ppm fast, no drift.
        #expect(service.snapshot().devices.map(\.clockOffset.partsPerMillion) == [0, 7])
        for _ in 0..<20 {
            #expect(service.now == paused)
            Thread.sleep(forTimeInterval: 0.002)
        }
    }

    @Test("speed and yaw take effect and show in the snapshot")
    func speedAndYaw() throws {
        let service = try Self.service(speed: 1)
        defer { service.stop() }
        _ = try service.perform(.speed(4))
        _ = try service.perform(.rotate(device: "alice", yaw: .degrees(90)))
        let snapshot = service.snapshot()
        #expect(snapshot.speed == 4)
        #expect(snapshot.devices[0].yaw == .degrees(90))
        #expect(snapshot.devices[0].position == Self.position(0, 1, 0))
    }

    @Test("the plan gives the room's extent, its obstacles and who drives each device")
    func plan() throws {
        let service = try Self.service()
        defer { service.stop() }
        let plan = service.plan
        #expect(plan.extent.minimum == Self.position(-0.5, 0.5, -3.5))
        #expect(plan.extent.maximum == Self.position(0.5, 1.5, 0.5))
        #expect(plan.devices.map(\.name) == ["alice", "bob"])
        #expect(plan.devices.map(\.driven) == [.app, .app])
        #expect(plan.devices.map(\.findsDirections) == [false, false])
    }

    @Test("moves outside the room or into an obstacle, unknown devices and bad values are refused and change nothing")
    func refusals() throws {
        let board = try BoardDescription.load(from: Repository.path("Hardware/boards/ft232h-dw1000-single.json"))
        let cabinet = try Obstacle(
            name: "cabinet", minimum: Self.position(1, 0, -2), maximum: Self.position(2, 2, -1), material: .metal,
            thickness: Distance(metres: 0.002))
        let emulation = Emulation(seed: 1, channelModel: try ChannelModel(kind: .freeSpace, channel: .five), obstacles: [cabinet])
        try emulation.add(DeviceSetup(name: "alice", board: board, trajectory: .standing(at: Self.position(0, 1, 0))))
        try emulation.add(DeviceSetup(name: "bob", board: board, trajectory: .standing(at: Self.position(0, 1, -3))))
        let service = try EmulatorService(
            emulation: emulation, free: ["alice"], socketPath: "/tmp/swift-uwb-test-\(UUID().uuidString.prefix(8)).sock")
        service.start()
        defer { service.stop() }
        let cases: [(WorldCommand, String)] = [
            (.move(device: "carol", to: Self.position(0, 1, 0)), "the room has no device \"carol\"; its devices are alice, bob"),
            (.move(device: "bob", to: Self.position(9, 1, 0)),
             "bob cannot go to (9.00, 1.00, 0.00) m: outside the room, which spans (-0.50, -0.50, -3.50) m to (2.50, 2.50, 0.50) m"),
            (.move(device: "bob", to: Self.position(1.5, 1, -1.5)),
             "bob cannot go to (1.50, 1.00, -1.50) m: that is inside \"cabinet\"; put it beside the obstacle"),
            (.move(device: "bob", to: Self.position(.nan, 1, 0)),
             "position coordinate nan: positions are in metres and a DW1000 link reaches at most about 290 m (datasheet, 110 kbps)"),
            (.rotate(device: "alice", yaw: .degrees(400)),
             "yaw 400.0°: angles are in degrees and one turn either way expresses every orientation"),
            (.step(.milliseconds(100)), "step works only while the world is paused; pause it first"),
            (.speed(-1), "speed -1.0: give 0 (as fast as the apps keep up) or a positive number of virtual seconds per wall second"),
        ]
        let before = service.snapshot()
        for (command, message) in cases {
            #expect {
                _ = try service.perform(command)
            } throws: { error in
                (error as? WorldCommandError)?.description == message
            }
        }
        #expect(service.snapshot() == before)
    }
}
