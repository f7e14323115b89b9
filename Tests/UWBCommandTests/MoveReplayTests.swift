import Foundation
import Synchronization
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService
import UWBTestSupport

/// A device moved during a run (from the web page) is recorded with the number of events run
/// before it, and a second run replaying the record gives the apps the same run, byte for byte.
@Suite("Moves recorded and replayed")
struct MoveReplayTests {
    /// A service on alice and bob at a fresh socket, in the fastest mode with the clock held until
    /// both apps range, recording its moves to `recording` or replaying `replaying`.
    static func service(recording: String? = nil, replaying: [RecordedMove] = []) throws -> EmulatorService {
        let service = try EmulatorService(
            emulation: try FacingPair.emulation(seed: 4), free: ["alice", "bob"],
            socketPath: "/tmp/swift-uwb-\(UUID().uuidString.prefix(8)).sock",
            settings: EmulatorServiceSettings(speed: 0, startAfterApps: 2), replaying: replaying, recordingMovesTo: recording)
        service.start()
        return service
    }

    /// Alice and bob as `uwb session` processes with seeded tokens, run to their end on `service`
    /// while `during` runs on this thread: their outputs.
    static func runApps(_ uwb: String, on service: EmulatorService, during: () throws -> Void) throws -> [String] {
        let tokens = FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-tokens-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: tokens, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tokens) }
        let aliceToken = tokens.appendingPathComponent("alice").path, bobToken = tokens.appendingPathComponent("bob").path
        let apps = [
            try SessionProcessesTests.session(
                uwb, device: "alice", socket: service.socketPath, tokenOut: aliceToken, tokenIn: bobToken,
                extra: ["--updates", "20", "--token-seed", "1"]),
            try SessionProcessesTests.session(
                uwb, device: "bob", socket: service.socketPath, tokenOut: bobToken, tokenIn: aliceToken,
                extra: ["--updates", "20", "--token-seed", "2"]),
        ]
        try during()
        return apps.map { process, output in
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return text
        }
    }

    @Test("a move made while paused half a second in is recorded, and replaying it repeats the apps' output byte for byte",
          .timeLimit(.minutes(10)))
    func recordAndReplay() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-moves-\(UUID().uuidString.prefix(8)).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let moveTo = Position(metres: Vector3(x: 0, y: 1, z: -1.5))
        let recorded: [String]
        do {
            let service = try Self.service(recording: file)
            defer { service.stop() }
            _ = try service.perform(.pause)
            _ = try service.perform(.step(.milliseconds(500)))
            recorded = try Self.runApps(uwb, on: service) {
                #expect(Eventually.holds { service.now == SimulationTime(seconds: 0.5) })
                _ = try service.perform(.move(device: "bob", to: moveTo))
                _ = try service.perform(.resume)
            }
        }
        let moves = try RecordedMove.load(from: file)
        #expect(moves.count == 1)
        #expect(moves.first?.at == SimulationTime(seconds: 0.5))
        #expect(moves.first?.command == .move(device: "bob", to: moveTo))
        #expect((moves.first?.events ?? 0) > 0)
        for text in recorded {
            let distances = SessionProcessesTests.distances(in: text)
            #expect(distances.count >= 19, "\(text)")
            // The first updates at 3 m, before the move; the last at 1.5 m.
            #expect(abs((distances.first ?? 0) - 3) < 0.15, "\(text)")
            #expect(abs((distances.last ?? 0) - 1.5) < 0.15, "\(text)")
        }
        let service = try Self.service(replaying: moves)
        defer { service.stop() }
        let replayed = try Self.runApps(uwb, on: service) {}
        #expect(replayed == recorded)
    }

    @Test("a record that is not a move, or moves a device the room does not have, is refused with its line")
    func badRecords() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-moves-\(UUID().uuidString.prefix(8)).jsonl").path
        defer { try? FileManager.default.removeItem(atPath: file) }
        let cases: [(String, String)] = [
            ("{\"events\":1,\"t\":0.5,\"move\":\"bob\",\"position\":[0,1,-1.5]}\nnot json\n",
             "line 2 of the moves: not a JSON object; the file must be one that `uwb emulator serve --record-moves` wrote for this scenario"),
            ("{\"events\":1,\"t\":0.5,\"jump\":\"bob\"}\n",
             "line 1 of the moves: a line must have \"move\" (with \"position\") or \"rotate\" (with \"yawDegrees\"); the file must be one that `uwb emulator serve --record-moves` wrote for this scenario"),
            ("{\"events\":9,\"t\":0.5,\"rotate\":\"bob\",\"yawDegrees\":9}\n{\"events\":3,\"t\":0.6,\"rotate\":\"bob\",\"yawDegrees\":9}\n",
             "line 2 of the moves: it comes before the line above it (events 3 at 0.6 s); the file must be one that `uwb emulator serve --record-moves` wrote for this scenario"),
        ]
        for (text, message) in cases {
            try Data(text.utf8).write(to: URL(fileURLWithPath: file))
            #expect {
                _ = try RecordedMove.load(from: file)
            } throws: { error in
                (error as? RecordedMoveError)?.description == message
            }
        }
        let unknown = [RecordedMove(events: 5, at: .zero, command: .move(device: "carol", to: .origin))]
        #expect {
            _ = try Self.service(replaying: unknown)
        } throws: { error in
            (error as? EmulatorServiceError)?.description
                == "move 1 (after 5 events): the room has no device \"carol\"; its devices are alice, bob"
        }
    }
}
