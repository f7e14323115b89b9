import Foundation
import Testing
import UCI
import UCIService
import UWBTestSupport

/// `uwb uci serve` as users run it: a separate process, found by a host through the port it prints.
@Suite struct ServeProcessTests {
    @Test("uwb uci serve in its own process: it says where it serves, a host resets it and reads its device info, SIGTERM stops it",
          .timeLimit(.minutes(2)))
    func servesAHostAndStops() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: uwb)
        process.arguments = [
            "uci", "serve", "--scenario", Repository.path("Docs/scenarios/calibration-room.json"), "--port", "0", "--speed", "0",
        ]
        var environment = ProcessInfo.processInfo.environment
        environment["UWB_BOARDS_DIR"] = Repository.boardsDirectory
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        // "serving UCI 2.0 on 127.0.0.1:PORT; …"
        var line: [UInt8] = []
        while let next = try output.fileHandleForReading.read(upToCount: 1), let octet = next.first, octet != 0x0A {
            line.append(octet)
        }
        let text = String(decoding: line, as: UTF8.self)
        let port = try #require(text.split(separator: ":").dropFirst().first.flatMap { UInt16($0.prefix { $0.isNumber }) }, "\(text)")
        #expect(text.hasPrefix("serving UCI 2.0 on 127.0.0.1:"), "\(text)")

        let host = try ScriptedHost(port: port)
        #expect(try host.notification() == .deviceStatus(.ready))
        #expect(try host.call(.deviceReset(resetConfig: 0)) == .deviceReset(.ok))
        #expect(try host.notification() == .deviceStatus(.ready))
        guard case .deviceInfo(let info) = try host.call(.getDeviceInfo) else {
            Issue.record("no device info")
            return
        }
        #expect(info.status == .ok && info.uciVersion.revision == .v2)

        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        // The server closed the host's connection as it stopped.
        #expect(try host.next() == nil)
    }
}
