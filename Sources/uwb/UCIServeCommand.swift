import ArgumentParser
import Foundation
import UCI
import UCIService
import UWBEmulator

/// `uwb uci serve`: a UCI-over-TCP server like google/pica, each connection a UWBS on the next
/// free device of a scenario's room, until Ctrl-C or SIGTERM.
struct UCIServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Serve a scenario's devices as UCI 2.0 (or 1.1) controllers over TCP (like pica, port 7000).",
        discussion: """
            Each TCP connection is one UWB subsystem: it gets the first device of the scenario no \
            other connection holds, and loses its sessions when it disconnects. Sessions of the \
            same id whose MAC addresses match range with each other through the ranging engine on \
            the emulated chips; SESSION_INFO_NTF carries the measured distance, angles, NLOS and \
            RSSI. The anchors of a DL-TDoA site run their rounds themselves and are no connection's \
            device; a DT-tag session (DEVICE_ROLE 8) whose id is the site's network gets a \
            DL-TDoA SESSION_INFO_NTF for every round it hears. Supported messages and parameters: \
            Docs/uci.md, "Server".
            """)

    @Option(help: "The scenario file (JSON); see Docs/scenarios.md.")
    var scenario: String

    @Option(help: "The TCP port on 127.0.0.1.")
    var port: UInt16 = UCIServiceConstants.defaultPort

    @Option(help: "Random seed; overrides the scenario's.")
    var seed: UInt64?

    @Option(parsing: .unconditional, help: "Simulated seconds per wall-clock second; 0 runs as fast as the world can (for tests).")
    var speed: Double = 1

    @Option(name: .customLong("uci-version"), help: "The UCI version the UWBSs speak: 2.0 or 1.1 (session ids as tokens).")
    var uciVersion: String = "2.0"

    @Flag(
        inversion: .prefixedNo,
        help: "In UCI 2.0, give each session a handle in SESSION_INIT_RSP (the specification); --no-session-handles keeps the session id as the token and answers SESSION_INIT with its status alone, as google/pica does (its scripts expect that).")
    var sessionHandles = true

    @Option(help: "Write every UCI packet, both ways, to this pcapng file (Wireshark's UCI dissector; Docs/uci.md, \"Traces\"); complete once the server stops.")
    var trace: String?

    func validate() throws {
        guard speed.isFinite, speed >= 0 else {
            throw ValidationError("--speed \(speed): give 0 (as fast as it can) or a positive number")
        }
        guard UCIServerSettings.versionsByName[uciVersion] != nil else {
            throw ValidationError("--uci-version \(uciVersion): give 2.0 or 1.1")
        }
        guard sessionHandles || uciVersion == "2.0" else {
            throw ValidationError("--no-session-handles is for UCI 2.0: UCI \(uciVersion) has no session handles; leave it out")
        }
    }

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.start()
        let server: UCIServer
        let traceWriter: UCITraceWriter?
        do {
            let loaded = try Scenario.load(from: scenario)
            let emulation = try Emulation(scenario: loaded, seed: seed)
            let anchors = try RoomAnchors.run(of: loaded, on: emulation, scenarioPath: scenario)
            let settings = UCIServerSettings(
                port: port, speed: speed, uciVersion: UCIServerSettings.versionsByName[uciVersion] ?? UCIServiceConstants.uciVersion,
                sessionHandles: sessionHandles, reservedDevices: Set(anchors))
            traceWriter = try trace.map { path throws(UCITraceError) in try UCITraceWriter(path: path) }
            server = try UCIServer(emulation: emulation, settings: settings, trace: traceWriter)
        } catch let error as UCITraceError {
            throw CommandFailure(error.description)
        } catch let error as ScenarioError {
            throw CommandFailure(error.description)
        } catch let error as EmulationError {
            throw CommandFailure(error.description)
        } catch let error as UCIServiceError {
            throw CommandFailure(error.description)
        }
        let interruption = Interruption()
        server.start()
        print("serving UCI \(uciVersion)\(sessionHandles ? "" : " without session handles") on 127.0.0.1:\(server.port); each connection takes the next free device of \(scenario); Ctrl-C stops")
        fflush(nil)
        interruption.wait()
        server.stop()
        do {
            try traceWriter?.close()
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
