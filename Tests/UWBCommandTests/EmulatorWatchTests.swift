import Foundation
import Synchronization
import Testing
import UWBCore
import UWBDevices
import UWBEmulator
import UWBEmulatorService
import UWBTestSupport
@testable import uwb

/// `uwb emulator watch` against `uwb emulator serve` and against services hosted here: what it
/// prints, what it says when there is no service or the service goes, and that watching changes
/// nothing in a run.
@Suite("uwb emulator watch", .serialized)
struct EmulatorWatchTests {
    /// The JSON object of each line of `text`.
    static func objects(in text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], "\(line)")
        }
    }

    @Test("--once --format jsonl prints one snapshot of the served room: devices, boards, no apps, true distances",
          .timeLimit(.minutes(10)))
    func onceJSONLines() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let service = try ServeProcess(uwb: uwb)
        defer { _ = service.end(with: SIGTERM) }
        let run = try CommandRun(["emulator", "watch", "--once", "--format", "jsonl", "--socket", service.socket])
        #expect(run.status == 0, "\(run.error)")
        let objects = try Self.objects(in: run.output)
        try #require(objects.count == 1, "\(run.output)")
        let devices = try #require(objects[0]["devices"] as? [[String: Any]])
        #expect(devices.map { $0["name"] as? String } == ["phone", "tag", "laptop"])
        #expect(devices.map { $0["board"] as? String } == ["ft232h-dw1000-triple", "ft232h-dw1000-single", "ft232h-dw1000-dual"])
        #expect(devices.allSatisfy { $0["free"] as? Bool == true && $0["app"] is NSNull })
        #expect(devices.first?["position"] as? [Double] == [0, 1, 0])
        let links = try #require(objects[0]["links"] as? [[String: Any]])
        #expect(links.map { "\($0["a"] ?? "")-\($0["b"] ?? "")" } == ["phone-tag", "phone-laptop", "tag-laptop"])
        // phone at (0, 1, 0), tag at (−2, 1, −1.5): 2.5 m apart (Docs/scenarios/demo-room.json).
        let distance = try #require(links.first?["true_distance"] as? Double)
        #expect(abs(distance - 2.5) < 0.05, "\(distance)")
        #expect(objects[0]["speed"] as? Double == 1)
    }

    @Test("--once in text, with UWB_EMULATOR_SOCKET naming the socket", .timeLimit(.minutes(10)))
    func onceText() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let service = try ServeProcess(uwb: uwb)
        defer { _ = service.end(with: SIGTERM) }
        let run = try CommandRun(["emulator", "watch", "--once"], environment: ["UWB_EMULATOR_SOCKET": service.socket])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.hasPrefix("uwb emulator watch  \(service.socket)\n"), "\(run.output)")
        #expect(!run.output.contains("\u{1B}"), "control codes in --once output")
        for fragment in ["phone", "tag", "laptop", "ft232h-dw1000-triple", "free", "phone        ↔ tag"] {
            #expect(run.output.contains(fragment), "\(fragment) missing: \(run.output)")
        }
    }

    @Test("no service at the socket: a message naming the socket and how to start one, status 1")
    func noService() throws {
        let path = "/tmp/swift-uwb-nobody-\(UUID().uuidString.prefix(8)).sock"
        let run = try CommandRun(["emulator", "watch", "--once", "--socket", path])
        #expect(run.status == 1)
        #expect(run.error.contains("Error: no emulator service is running at \(path)"), "\(run.error)")
        #expect(run.error.contains("uwb emulator serve --scenario FILE --socket \(path)"), "\(run.error)")
        #expect(!run.error.contains("Usage"), "\(run.error)")
    }

    @Test("a service that stops mid-watch: the watcher says it went away and exits 1", .timeLimit(.minutes(10)))
    func serviceStopsMidWatch() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let service = try EmulatorService(
            emulation: try FacingPair.emulation(seed: 1), free: ["alice", "bob"],
            socketPath: "/tmp/swift-uwb-watch-\(UUID().uuidString.prefix(8)).sock")
        service.start()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: uwb)
        process.arguments = ["emulator", "watch", "--format", "jsonl", "--socket", service.socketPath]
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Its first snapshot: it watches.
        _ = try output.fileHandleForReading.read(upToCount: 1)
        service.stop()
        let said = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1, "\(said)")
        #expect(said.contains("Error: the emulator service at \(service.socketPath) went away"), "\(said)")
    }

    @Test("a service of another wire version refuses the watcher: said clearly, status 1", arguments: [
        ("a malformed emulator-service message: request type 0x8; client and service must come from the same swift-uwb version",
         "that service predates wire format 3 and cannot be watched"),
        ("the client speaks emulator wire format 3, the service 4; use a client and service from the same swift-uwb version",
         "refused the watcher: the client speaks emulator wire format 3, the service 4"),
    ])
    func otherVersion(refusal: String, expected: String) throws {
        let path = "/tmp/swift-uwb-other-\(UUID().uuidString.prefix(8)).sock"
        let listener = try UnixSocket.listen(at: path)
        defer {
            listener.close()
            unlink(path)
        }
        // A service of another version, as far as the watcher can tell: ERROR to its first message.
        let answered = Thread {
            guard let client = listener.accept() else { return }
            _ = try? EmulatorWire.receive(from: client, startingBy: .now + .seconds(60))
            try? EmulatorWire.send(EmulatorReply.error(refusal).encoded, on: client)
            client.close()
        }
        answered.start()
        let run = try CommandRun(["emulator", "watch", "--once", "--socket", path])
        #expect(run.status == 1)
        #expect(run.error.contains(expected), "\(run.error)")
    }

    @Test("in the fastest mode, two runs of two uwb session processes print the same bytes with and without an observer",
          .timeLimit(.minutes(10)))
    func watchingChangesNothing() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let extra = ["alice": ["--updates", "12", "--token-seed", "1"], "bob": ["--updates", "12", "--token-seed", "2"]]
        var runs: [[String]] = []
        for watched in [false, true] {
            let (service, tokens) = try SessionProcessesTests.world(
                settings: EmulatorServiceSettings(speed: 0, startAfterApps: 2, snapshotInterval: .zero))
            defer {
                service.stop()
                try? FileManager.default.removeItem(at: tokens)
            }
            let done = Atomic<Bool>(false)
            let snapshots = Atomic<Int>(0)
            let observer = watched ? try EmulatorObserver(socketPath: service.socketPath) : nil
            let watcher = Thread {
                while let observer, !done.load(ordering: .relaxed), (try? observer.snapshot()) != nil {
                    snapshots.add(1, ordering: .relaxed)
                }
            }
            watcher.start()
            let outputs = try SessionProcessesTests.runPair(uwb, on: service, tokens: tokens, extra: extra)
            done.store(true, ordering: .relaxed)
            for (status, text) in outputs {
                #expect(status == 0, "\(text)")
                #expect(SessionProcessesTests.distances(in: text).count >= 11, "\(text)")
            }
            if watched {
                #expect(snapshots.load(ordering: .relaxed) > 0)
            }
            runs.append(outputs.map(\.text))
        }
        #expect(runs[0] == runs[1])
    }

    @Test("frames per second count from the previous snapshot, or from the start for the first")
    func linkRates() {
        let devices = ["a", "b"].map { SnapshotDevice(name: $0, board: "x", position: .origin, isFree: true, app: nil) }
        func snapshot(at seconds: Double, frames: Int) -> EmulatorSnapshot {
            EmulatorSnapshot(now: SimulationTime(seconds: seconds), speed: 1, devices: devices, links: [
                SnapshotLink(first: 0, second: 1, trueDistance: .zero, framesToSecond: frames, framesToFirst: frames)])
        }
        #expect(LinkRates.rates(of: snapshot(at: 2, frames: 10), since: nil) == [10])
        #expect(LinkRates.rates(of: snapshot(at: 3, frames: 20), since: snapshot(at: 2, frames: 10)) == [20])
        #expect(LinkRates.rates(of: snapshot(at: 0, frames: 0), since: nil) == [nil])
        #expect(LinkRates.rates(of: snapshot(at: 2, frames: 10), since: snapshot(at: 2, frames: 10)) == [nil])
    }
}
