import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService

/// The files of the service's run it hands out while it runs (the page's downloads): the scenario
/// as it stands now, the moves so far and the trace written so far.
@Suite("Room files", .serialized)
struct RoomFileTests {
    /// Three devices free for apps: alice stands, bob walks a path, carol is tilted.
    static let scenarioText = """
        {
          "name": "three devices, one walking",
          "seed": 5,
          "channel": { "model": "free-space" },
          "devices": [
            { "name": "alice", "board": "ft232h-dw1000-single", "position": [0, 1, 0] },
            { "name": "bob", "board": "ft232h-dw1000-single", "position": [0, 1, -3],
              "path": { "waypoints": [{ "position": [2, 1, -3], "speedMetresPerSecond": 1 }] } },
            { "name": "carol", "board": "ft232h-dw1000-single", "position": [-2, 1, -1],
              "orientation": { "yawDegrees": 30, "pitchDegrees": 10 },
              "path": { "waypoints": [{ "position": [-2, 1, -2], "speedMetresPerSecond": 0.5 }] } }
          ]
        }
        """

    static func temporaryPath(_ suffix: String) -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-room-\(UUID().uuidString.prefix(8))\(suffix)").path
    }

    /// A service of ``scenarioText`` (not started: the world stands at 0), run with `seed`.
    static func service(seed: UInt64? = nil, recordingMovesTo: String? = nil, tracePath: String? = nil) throws -> EmulatorService {
        let json = Data(scenarioText.utf8)
        let emulation = try Emulation(scenario: try Scenario(jsonData: json), seed: seed)
        return try EmulatorService(
            emulation: emulation, free: ["alice", "bob", "carol"], socketPath: temporaryPath(".sock"), recordingMovesTo: recordingMovesTo,
            document: ScenarioDocument(name: "three", json: json, seed: seed), tracePath: tracePath)
    }

    @Test("the scenario as it stands: moved and turned devices where they are now, without their paths; loaded again it is the same room")
    func scenarioAsItStands() throws {
        let service = try Self.service(seed: 77)
        defer { service.stop() }
        _ = try service.perform(.move(device: "alice", to: Position(metres: Vector3(x: 1.25, y: 1, z: -0.7))))
        _ = try service.perform(.rotate(device: "carol", yaw: .degrees(-112.5)))
        let file = try service.file(.scenario)
        #expect(file.fileName == "three.json")
        let loaded = try Scenario(jsonData: Data(file.bytes))
        let snapshot = service.snapshot()
        #expect(loaded.name == "three devices, one walking")
        #expect(loaded.seed == 77)
        #expect(loaded.devices.map(\.name) == snapshot.devices.map(\.name))
        for (device, now) in zip(loaded.devices, snapshot.devices) {
            #expect(device.position == now.position, "\(device.name)")
            #expect(abs(device.orientation.yaw.degrees - now.yaw.degrees) < 1e-9, "\(device.name)")
        }
        #expect(loaded.devices.map { $0.path == nil } == [true, false, true])
        #expect(abs(loaded.devices[2].orientation.pitch.degrees - 10) < 1e-9)
        #expect(abs(loaded.devices[2].orientation.yaw.degrees - -112.5) < 1e-9)
    }

    @Test("the moves so far: the lines --record-moves writes")
    func moves() throws {
        let recorded = Self.temporaryPath(".jsonl")
        defer { try? FileManager.default.removeItem(atPath: recorded) }
        let service = try Self.service(recordingMovesTo: recorded)
        defer { service.stop() }
        #expect(try service.file(.moves) == RoomFileContents(fileName: "three-moves.jsonl", bytes: []))
        _ = try service.perform(.move(device: "bob", to: Position(metres: Vector3(x: 0.5, y: 1, z: -2))))
        _ = try service.perform(.pause)
        _ = try service.perform(.rotate(device: "bob", yaw: .degrees(90)))
        let file = try service.file(.moves)
        #expect(file.bytes == Array(try Data(contentsOf: URL(fileURLWithPath: recorded))))
        let lines = String(decoding: file.bytes, as: UTF8.self).split(separator: "\n").map(String.init)
        #expect(try lines.map { try RecordedMove(jsonLine: $0).command } == [
            .move(device: "bob", to: Position(metres: Vector3(x: 0.5, y: 1, z: -2))), .rotate(device: "bob", yaw: .degrees(90)),
        ])
    }

    @Test("the trace written so far, cut after its last whole block; none without --trace")
    func trace() throws {
        let tracePath = Self.temporaryPath(".pcapng")
        defer { try? FileManager.default.removeItem(atPath: tracePath) }
        let writer = PcapngWriter()
        for index in 0..<2 {
            try writer.append(TraceRecord(
                time: Int64(index) * 1_000_000, frame: [0x02, 0x00, UInt8(index), 0x12, 0x34], sender: "alice",
                receptions: [TraceReception(receiver: "bob", level: PowerLevel(dBm: -70), outcome: .received)]))
        }
        let whole = writer.bytes
        // The writer is in the middle of the second packet's block.
        try Data(whole.dropLast(9)).write(to: URL(fileURLWithPath: tracePath))
        let service = try Self.service(tracePath: tracePath)
        defer { service.stop() }
        let file = try service.file(.trace)
        #expect(file.fileName == URL(fileURLWithPath: tracePath).lastPathComponent)
        #expect(try PcapngReader(bytes: file.bytes).records.count == 1)
        #expect(file.bytes == Array(whole.prefix(file.bytes.count)))

        let untraced = try Self.service()
        defer { untraced.stop() }
        #expect(throws: RoomFileError.unavailable("this service writes no trace; start `uwb emulator serve` with --trace FILE to have one")) {
            try untraced.file(.trace)
        }
    }

    @Test("a service given no scenario file hands out none")
    func noDocument() throws {
        let emulation = try Emulation(scenario: try Scenario(jsonData: Data(Self.scenarioText.utf8)))
        let service = try EmulatorService(emulation: emulation, free: ["alice"], socketPath: Self.temporaryPath(".sock"))
        defer { service.stop() }
        #expect(throws: RoomFileError.self) { try service.file(.scenario) }
        #expect(try service.file(.moves).fileName == "room-moves.jsonl")
    }
}
