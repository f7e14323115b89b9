import ArgumentParser
import EmulatorHarness
import EmulatorWeb
import Foundation
import UWBEmulator
import UWBEmulatorService

/// `uwb emulator serve`: hosts a scenario's room and lets apps attach to its free devices over a
/// Unix socket (`UWB_DEVICE=emulator:NAME`), on one virtual time shared with them, until Ctrl-C or
/// SIGTERM.
struct EmulatorServeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Host a scenario's room for apps in other processes (UWB_DEVICE=emulator:NAME).",
        discussion: """
            Devices with a `transmit` script in the scenario are driven by it, and a DL-TDoA site's \
            anchors run their rounds (tags attach as apps: `uwb locate --device emulator:NAME`); the others are free: \
            one app at a time may attach to each, and its own chip driver (DW1000 or DW3000) drives the virtual chips \
            over the socket. The room and its apps share one virtual time: the world moves on only \
            while every app waits, so a slow or loaded machine slows it instead of making replies \
            late; --speed caps it against the wall clock. An app that exits frees its device; one \
            that holds its turn longer than --answer-limit is disconnected. --threads splits the world \
            into parts (default 1): while one app takes its turn, the other parts run on as far as it \
            could not reach them sooner, and their apps take theirs; the run is the same for any number. \
            Ctrl-C or SIGTERM stops \
            the service and removes the socket. Wire format and usage: Docs/emulator-service.md.
            """)

    @Option(help: "The scenario file (JSON); see Docs/scenarios.md.")
    var scenario: String

    @Option(help: "The socket path; default $XDG_RUNTIME_DIR/swift-uwb-emulator.sock or /tmp/swift-uwb-emulator.sock. Apps find it through UWB_EMULATOR_SOCKET.")
    var socket: String?

    @Option(parsing: .unconditional, help: "Random seed; overrides the scenario's.")
    var seed: UInt64?

    @Option(parsing: .unconditional, help: "At most this many simulated seconds per wall-clock second; 0 runs as fast as the apps keep up (for CI).")
    var speed: Double = 1

    @Option(parsing: .unconditional, help: "Wall seconds an app may hold its turn (or take over a message) before it is disconnected; 0 never disconnects (for debugging an app).")
    var answerLimit: Double = 30

    @Option(parsing: .unconditional, help: "Keep the clock at zero until this many apps have started ranging, so that runs repeat exactly.")
    var startAfterApps = 0

    @Option(help: "Write every frame on the air to this pcapng file, with what each device made of it (Docs/emulator.md, \"Traces\"); complete once the service stops.")
    var trace: String?

    @Flag(help: "Run the world while no app is attached too (at --speed, above 0): to watch a room of walkers and anchors the scenario drives, on its page or with uwb emulator watch.")
    var runWithoutApps = false

    @Option(parsing: .unconditional, help: "Serve the room's live page on this TCP port (0: one the system picks, printed at start); see Docs/emulator-web.md.")
    var http: Int?

    @Option(help: "The address the page is served on: 127.0.0.1 (the default) for this machine only; 0.0.0.0 or another of its addresses for others, who then need the control token printed at start to steer the world.")
    var httpHost = "127.0.0.1"

    @Option(help: "Write every move and turn made from the web page to this file (JSON lines), to replay the run with --replay-moves.")
    var recordMoves: String?

    @Option(help: "Make the moves and turns of a file --record-moves wrote, each after the same number of the world's events (same scenario and seed).")
    var replayMoves: String?

    func validate() throws {
        guard speed.isFinite, speed >= 0 else {
            throw ValidationError("--speed \(speed): give 0 (as fast as the apps keep up) or a positive number")
        }
        guard answerLimit.isFinite, answerLimit >= 0, answerLimit <= 86_400 else {
            throw ValidationError("--answer-limit \(answerLimit): give seconds from 0 (never) to 86400")
        }
        if runWithoutApps, speed == 0 {
            throw ValidationError("--run-without-apps needs a --speed above 0: as fast as possible, the world would race through the run before any app could attach")
        }
        if let http, !(0...65_535).contains(http) {
            throw ValidationError("--http \(http): give a TCP port from 1 to 65535, or 0 to let the system pick one")
        }
        guard startAfterApps >= 0 else {
            throw ValidationError("--start-after-apps \(startAfterApps): give 0 or a positive number of apps")
        }
    }

    /// `--threads`: how many parts the world is split into.
    @OptionGroup var threading: ThreadsOption

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.start()
        let room = try ServedRoom(path: scenario, seed: seed, threading: threading)
        let loaded = room.scenario, emulation = room.served.emulation, free = room.served.free
        let anchors = room.anchors.count
        let settings = EmulatorServiceSettings(
            speed: speed, answerLimit: answerLimit > 0 ? .milliseconds(Int64(answerLimit * 1000)) : nil,
            startAfterApps: startAfterApps, runsWithoutApps: runWithoutApps)
        // The trace first: a trace that cannot be written must not leave a bound socket behind.
        let traceFile = TraceFile(path: trace)
        try traceFile.start(emulation)
        let service: EmulatorService
        do {
            let replaying = try replayMoves.map { path throws(RecordedMoveError) in try RecordedMove.load(from: path) } ?? []
            service = try EmulatorService(
                emulation: emulation, free: free, socketPath: socket ?? EmulatorService.defaultSocketPath, settings: settings,
                replaying: replaying, recordingMovesTo: recordMoves, positioning: room.served.positioning,
                document: room.served.document, tracePath: trace,
                loader: ServedRoom.loader(startedWith: scenario, seed: seed, threading: threading))
        } catch let error as RecordedMoveError {
            throw CommandFailure(error.description)
        } catch {
            throw CommandFailure("\(error)")
        }
        let interruption = Interruption()
        service.start()
        let page: RoomWebServer?
        do {
            page = try http.map { port throws(RoomWebServerError) in
                try RoomWebServer(
                    room: service, scenario: loaded.name, settings: RoomWebSettings(host: httpHost, port: port))
            }
        } catch {
            service.stop()
            throw CommandFailure(error.description)
        }
        defer { page?.stop() }
        if let page {
            print(Self.pageAddresses(page))
        }
        if anchors > 0 {
            print("running \(anchors) DL-TDoA anchors of network \(loaded.positioning.network)")
        }
        print("serving \(free.joined(separator: ", ")) at \(service.socketPath); apps use UWB_DEVICE=emulator:NAME"
              + (socket == nil ? "" : " with UWB_EMULATOR_SOCKET=\(service.socketPath)")
            + (emulation.partCount > 1 ? "; the world in \(emulation.partCount) parts, whose apps take turns at once" : "")
            + "; Ctrl-C stops")
        fflush(nil)
        interruption.wait()
        service.stop()
        let turns = service.turns
        print("stopped at \(service.now) of virtual time"
            + (emulation.partCount > 1 ? " after \(turns.turns) turns, \(turns.takenAtOnce) of them taken while an app of another part held its own" : ""))
        try traceFile.finish(emulation)
    }

    /// Where to open the page, and the control token when others may reach it.
    static func pageAddresses(_ page: RoomWebServer) -> String {
        let shown = page.host.contains(":") ? "[\(page.host)]" : page.host
        let address = "http://\(shown):\(page.port)/"
        guard page.listensBeyondLoopback else {
            return "room page at \(address)"
        }
        return "room page at \(address) (others on the network watch; to steer, open \(address)?token=\(page.token))"
    }
}
