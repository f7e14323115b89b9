import ArgumentParser
import Foundation
import UWBCore
import UWBDevices
import UWBEmulator
import UWBEmulatorService

/// `uwb emulator watch`: the live view of a running emulator service's room, as an observer that
/// takes no device and never holds the world back.
struct EmulatorWatchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "watch",
        abstract: "Watch a running emulator service's room: devices, apps attached, links, true distances.",
        discussion: """
            Connects to the service's socket as an observer: it takes no device and the world never \
            waits for it. The view redraws five times a second; --once prints one snapshot and exits; \
            --format jsonl prints one JSON object per snapshot (fields in Docs/emulator-service.md). \
            Ctrl-C stops it; it exits with status 1 if the service goes away.
            """)

    /// The output formats.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text
        case jsonl
    }

    /// Wall time between two snapshots asked for (the service answers no more often than its own
    /// limit, 20 a second by default).
    static let refresh: Duration = .milliseconds(200)

    @Option(help: "The service's socket; default $UWB_EMULATOR_SOCKET, else $XDG_RUNTIME_DIR/swift-uwb-emulator.sock or /tmp/swift-uwb-emulator.sock.")
    var socket: String?

    @Flag(help: "Print one snapshot and exit.")
    var once = false

    @Option(help: "Output: text (a view redrawn in place on a terminal) or jsonl (one JSON object per snapshot).")
    var format: Format = .text

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.start()
        let path = Self.socketPath(option: socket, environment: ProcessInfo.processInfo.environment)
        let observer: EmulatorObserver
        do {
            observer = try EmulatorObserver(socketPath: path)
        } catch {
            throw CommandFailure(Self.message(for: error, at: path))
        }
        defer { observer.close() }
        let interruption = Interruption()
        var terminal = DemoTerminal()
        let redraws = format == .text && !once
        if redraws {
            terminal.begin()
        }
        defer {
            if redraws {
                terminal.end()
            }
        }
        var previous: EmulatorSnapshot?
        repeat {
            let snapshot: EmulatorSnapshot
            do {
                snapshot = try observer.snapshot()
            } catch {
                throw CommandFailure(Self.message(for: error, at: path))
            }
            let rates = LinkRates.rates(of: snapshot, since: previous)
            switch format {
            case .text:
                terminal.show(WatchView.frame(of: snapshot, at: path, rates: rates))
            case .jsonl:
                print(WatchJSONLine.line(for: snapshot, rates: rates))
                fflush(nil)
            }
            previous = snapshot
        } while !once && !interruption.wait(atMost: Self.refresh)
    }

    /// The socket to watch: `option`, else `UWB_EMULATOR_SOCKET` in `environment`, else the
    /// service's default.
    static func socketPath(option: String?, environment: [String: String]) -> String {
        DeviceChoice.serviceSocket(option.flatMap { $0.isEmpty ? nil : $0 } ?? environment[DeviceChoice.socketVariable])
    }

    /// What to tell the user when watching the service at `path` failed with `error`.
    static func message(for error: EmulatorServiceError, at path: String) -> String {
        switch error {
        case .cannotConnect(_, let reason):
            "no emulator service is running at \(path) (\(reason)); start one with "
                + "`uwb emulator serve --scenario FILE --socket \(path)`, or pass the socket of a running one "
                + "with --socket or UWB_EMULATOR_SOCKET"
        case .connectionLost(let reason):
            "the emulator service at \(path) went away (\(reason)); start it again and watch again"
        case .timedOut:
            "the emulator service at \(path) stopped answering for \(EmulatorObserver.patience.components.seconds) seconds; "
                + "it may be stopped in a debugger or hung; restart it"
        case .answered(let message):
            "the emulator service at \(path) refused the watcher: \(message)"
                + (message.contains("request type 0x8") ? " (that service predates wire format 3 and cannot be watched; "
                    + "run a service from this swift-uwb version)" : "")
        default:
            "watching the emulator service at \(path) failed: \(error)"
        }
    }
}
