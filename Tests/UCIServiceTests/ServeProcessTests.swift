import Foundation
import Testing
import UCI
import UCIService
import UWBTestSupport

/// `uwb uci serve` as users run it: a separate process, found by a host through the port it prints.
@Suite struct ServeProcessTests {
    /// `uwb uci serve` on the shipped scenario `name` on a port the system chooses, at speed 0,
    /// and the port its first line names.
    static func serve(_ name: String) throws -> (Process, UInt16) {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: uwb)
        process.arguments = ["uci", "serve", "--scenario", Repository.path("Docs/scenarios/\(name)"), "--port", "0", "--speed", "0"]
        var environment = ProcessInfo.processInfo.environment
        environment["UWB_BOARDS_DIR"] = Repository.boardsDirectory
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        // "serving UCI 2.0 on 127.0.0.1:PORT; …"
        var line: [UInt8] = []
        while let next = try output.fileHandleForReading.read(upToCount: 1), let octet = next.first, octet != 0x0A {
            line.append(octet)
        }
        let text = String(decoding: line, as: UTF8.self)
        #expect(text.hasPrefix("serving UCI 2.0 on 127.0.0.1:"), "\(text)")
        guard let port = text.split(separator: ":").dropFirst().first.flatMap({ UInt16($0.prefix { $0.isNumber }) }) else {
            kill(process.processIdentifier, SIGKILL)
            throw ScriptError.unexpected("uwb uci serve said \(text)")
        }
        return (process, port)
    }

    @Test("uwb uci serve in its own process: it says where it serves, a host resets it and reads its device info, SIGTERM stops it",
          .timeLimit(.minutes(10)))
    func servesAHostAndStops() throws {
        let (process, port) = try Self.serve("calibration-room.json")
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }

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

    @Test("on a DL-TDoA site the anchors run their rounds and are no host's: a host gets a phone, whose DT-tag session hears them",
          .timeLimit(.minutes(10)))
    func servesDownlinkTDoASite() throws {
        let (process, port) = try Self.serve("office-dl-tdoa.json")
        defer {
            if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        }
        let host = try ScriptedHost(port: port)
        #expect(try host.notification() == .deviceStatus(.ready))
        // The site's network, 26 (Docs/scenarios/office-dl-tdoa.json), is the DT-tag session's id.
        guard case .sessionInit(.ok, let handle?) = try host.call(.sessionInit(sessionID: 26, type: .ranging)) else {
            Issue.record("SESSION_INIT failed")
            return
        }
        _ = try host.notification()
        #expect(try host.call(.setAppConfig(sessionToken: handle, [UCIParameter(.deviceRole, integer: UCIConstants.downlinkTDoATagRole)]))
            == .setAppConfig(status: .ok, []))
        _ = try host.notification()
        #expect(try host.call(.sessionStart(sessionToken: handle)) == .sessionStart(.ok))
        var heard: Set<UInt64> = []
        // At most 200 messages (both clusters' rounds, ten a second each, give all ten anchors in a few).
        for _ in 0..<200 where heard.count < 10 {
            guard let message = try host.next() else { break }
            guard case .notification(.sessionInfo(let info)) = message, case .downlinkTDoA(let list) = info.measurements else { continue }
            heard.formUnion(list.map(\.macAddress))
        }
        // Ten anchors, addressed 1 to 10 in the scenario's order.
        #expect(heard == Set(1...10))
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
    }
}
