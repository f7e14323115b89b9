import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBTestSupport

/// Two separate processes, each `uwb session` (a program on the NearbyInteraction module that
/// takes its radio from `UWB_DEVICE`), attached to one emulator service and swapping tokens
/// through files: both print distance updates. This process hosts the service.
@Suite("Apps in separate processes on the emulator service")
struct SessionProcessesTests {
    /// A `uwb session` process on `device`, started.
    static func session(_ uwb: String, device: String, socket: String, tokenOut: String, tokenIn: String) throws
        -> (Process, Pipe) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: uwb)
        process.arguments = ["session", "--token-out", tokenOut, "--token-in", tokenIn, "--updates", "5", "--timeout", "40"]
        var environment = ProcessInfo.processInfo.environment
        environment["UWB_DEVICE"] = "emulator:" + device
        environment["UWB_EMULATOR_SOCKET"] = socket
        environment["UWB_BOARDS_DIR"] = Repository.boardsDirectory
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        return (process, output)
    }

    @Test("two uwb session processes attached to alice and bob both receive distance updates", .timeLimit(.minutes(1)))
    func twoProcessesRange() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let emulation = try FacingPair.emulation(seed: 4)
        let tag = UUID().uuidString.prefix(8)
        let service = try EmulatorService(emulation: emulation, free: ["alice", "bob"], socketPath: "/tmp/swift-uwb-\(tag).sock")
        service.start()
        defer { service.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-tokens-\(tag)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let aliceToken = directory.appendingPathComponent("alice").path, bobToken = directory.appendingPathComponent("bob").path
        let apps = [
            try Self.session(uwb, device: "alice", socket: service.socketPath, tokenOut: aliceToken, tokenIn: bobToken),
            try Self.session(uwb, device: "bob", socket: service.socketPath, tokenOut: bobToken, tokenIn: aliceToken),
        ]
        for (process, output) in apps {
            let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "\(text)")
            let distances = text.split(separator: "\n").compactMap { line -> Double? in
                guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any] else { return nil }
                return object["distance"] as? Double
            }
            // The first to reach 5 updates ends its session; its peer then ends too, usually with 4.
            #expect(distances.count >= 4 && distances.count <= 5, "\(text)")
            for distance in distances.suffix(2) {
                #expect(abs(distance - 3) < 0.15, "\(text)")
            }
        }
    }

    @Test("a token file holding garbage ends uwb session with a message, not a crash", .timeLimit(.minutes(1)))
    func garbageToken() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let tag = UUID().uuidString.prefix(8)
        let service = try EmulatorService(
            emulation: try FacingPair.emulation(seed: 4), free: ["alice", "bob"], socketPath: "/tmp/swift-uwb-\(tag).sock")
        service.start()
        defer { service.stop() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-garbage-\(tag)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
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
