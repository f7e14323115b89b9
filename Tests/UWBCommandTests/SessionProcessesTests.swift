import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBEmulatorService
import UWBTestSupport

/// Two separate processes, each `uwb session` (a program on the NearbyInteraction module that
/// takes its radio from `UWB_DEVICE`), attached to one emulator service and swapping tokens
/// through files: both print distance updates. This process hosts the service.
@Suite("Apps in separate processes on the emulator service")
struct SessionProcessesTests {
    /// A `uwb session` process on `device`, started.
    static func session(_ uwb: String, device: String, socket: String, tokenOut: String, tokenIn: String, extra: [String] = [])
        throws -> (Process, Pipe) {
        try BuiltExecutable.startUWB(
            ["session", "--token-out", tokenOut, "--token-in", tokenIn, "--updates", "5", "--timeout", "120"] + extra,
            environment: ["UWB_DEVICE": "emulator:" + device, "UWB_EMULATOR_SOCKET": socket])
    }

    /// A service on alice and bob (and any `bystanders`) at a fresh socket, started, and a fresh
    /// directory for token files.
    static func world(settings: EmulatorServiceSettings, bystanders: [String] = []) throws -> (EmulatorService, URL) {
        let tag = UUID().uuidString.prefix(8)
        let service = try EmulatorService(
            emulation: try FacingPair.emulation(seed: 4, bystanders: bystanders), free: ["alice", "bob"] + bystanders,
            socketPath: "/tmp/swift-uwb-\(tag).sock", settings: settings)
        service.start()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-tokens-\(tag)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return (service, directory)
    }

    /// Alice and bob as two `uwb session` processes with `extra` arguments each, run to their end:
    /// each one's exit status and output.
    static func runPair(_ uwb: String, on service: EmulatorService, tokens: URL, extra: [String: [String]] = [:]) throws
        -> [(status: Int32, text: String)] {
        let aliceToken = tokens.appendingPathComponent("alice").path, bobToken = tokens.appendingPathComponent("bob").path
        let apps = [
            try session(uwb, device: "alice", socket: service.socketPath, tokenOut: aliceToken, tokenIn: bobToken, extra: extra["alice"] ?? []),
            try session(uwb, device: "bob", socket: service.socketPath, tokenOut: bobToken, tokenIn: aliceToken, extra: extra["bob"] ?? []),
        ]
        return apps.map { process, output in
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, text)
        }
    }

    /// The distances of `uwb session`'s JSON lines.
    static func distances(in text: String) -> [Double] {
        text.split(separator: "\n").compactMap { line -> Double? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
            return object["distance"] as? Double
        }
    }

    @Test("two uwb session processes attached to alice and bob both receive distance updates", .timeLimit(.minutes(10)))
    func twoProcessesRange() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let (service, tokens) = try Self.world(settings: EmulatorServiceSettings())
        defer {
            service.stop()
            try? FileManager.default.removeItem(at: tokens)
        }
        for (status, text) in try Self.runPair(uwb, on: service, tokens: tokens) {
            #expect(status == 0, "\(text)")
            let distances = Self.distances(in: text)
            // The first to reach 5 updates ends its session; its peer then ends too, usually with 4.
            #expect(distances.count >= 4 && distances.count <= 5, "\(text)")
            for distance in distances.suffix(2) {
                #expect(abs(distance - 3) < 0.15, "\(text)")
            }
        }
    }

    @Test("in the fastest mode, with seeded tokens and the clock held until both run, two runs print the same bytes",
          .timeLimit(.minutes(10)))
    func repeatableAcrossProcesses() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let extra = ["alice": ["--updates", "12", "--token-seed", "1"], "bob": ["--updates", "12", "--token-seed", "2"]]
        var runs: [[String]] = []
        for _ in 0..<2 {
            let (service, tokens) = try Self.world(settings: EmulatorServiceSettings(speed: 0, startAfterApps: 2))
            defer {
                service.stop()
                try? FileManager.default.removeItem(at: tokens)
            }
            let outputs = try Self.runPair(uwb, on: service, tokens: tokens, extra: extra)
            for (status, text) in outputs {
                #expect(status == 0, "\(text)")
                #expect(Self.distances(in: text).count >= 11, "\(text)")
            }
            runs.append(outputs.map(\.text))
        }
        #expect(runs[0] == runs[1])
    }

    @Test("an app killed while ranging frees its device; its peer reports it gone", .timeLimit(.minutes(10)))
    func killedApp() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let (service, tokens) = try Self.world(settings: EmulatorServiceSettings(speed: 0))
        defer {
            service.stop()
            try? FileManager.default.removeItem(at: tokens)
        }
        let aliceToken = tokens.appendingPathComponent("alice").path, bobToken = tokens.appendingPathComponent("bob").path
        let (alice, aliceOutput) = try Self.session(
            uwb, device: "alice", socket: service.socketPath, tokenOut: aliceToken, tokenIn: bobToken, extra: ["--updates", "100000"])
        let (bob, bobOutput) = try Self.session(
            uwb, device: "bob", socket: service.socketPath, tokenOut: bobToken, tokenIn: aliceToken, extra: ["--updates", "100000"])
        // Alice's first update line: she ranges. Then she dies without a word.
        _ = try aliceOutput.fileHandleForReading.read(upToCount: 20)
        kill(alice.processIdentifier, SIGKILL)
        alice.waitUntilExit()
        let text = String(decoding: bobOutput.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        bob.waitUntilExit()
        #expect(bob.terminationStatus == 1, "\(text)")
        #expect(text.contains("the peer went silent"), "\(text)")
        let again = try Self.session(uwb, device: "alice", socket: service.socketPath, tokenOut: aliceToken + "2", tokenIn: "/nonexistent",
                                     extra: ["--timeout", "1"])
        let againText = String(decoding: again.1.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        again.0.waitUntilExit()
        #expect(againText.contains("no peer token at /nonexistent"), "alice was not freed: \(againText)")
    }

    @Test("a token file holding garbage ends uwb session with a message, not a crash", .timeLimit(.minutes(10)))
    func garbageToken() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let (service, directory) = try Self.world(settings: EmulatorServiceSettings(speed: 0))
        defer {
            service.stop()
            try? FileManager.default.removeItem(at: directory)
        }
        let garbage = directory.appendingPathComponent("garbage").path
        try Data("bplist00 not really".utf8).write(to: URL(fileURLWithPath: garbage))
        let (process, output) = try Self.session(
            uwb, device: "alice", socket: service.socketPath, tokenOut: directory.appendingPathComponent("alice").path,
            tokenIn: garbage)
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(text)")
        #expect(text.contains("holds no discovery token"), "\(text)")
    }
}
