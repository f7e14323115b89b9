import ArgumentParser
import Foundation
import NearbyInteraction
import NearbyInteractionDefaultDevice
import UWBDevices

/// `uwb session`: one NearbyInteraction session, as an app would run it, on the device `UWB_DEVICE`
/// names (a radio, or a UCI device): it writes its token to a file, waits for the peer's, ranges and prints each distance.
/// Two of them (two processes, two devices) range with each other.
struct SessionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "session",
        abstract: "Range with one peer through an NISession on the device UWB_DEVICE names (a radio or a UCI device).",
        discussion: """
            Writes this session's archived discovery token to --token-out, waits for the peer's at \
            --token-in (another `uwb session`, the other way round), runs an NINearbyPeerConfiguration \
            and prints one JSON line per update ({"t":…,"distance":…}, t in seconds on the radio's \
            clock: virtual time on the emulator). Ends after --updates updates or when the peer ends \
            its session (exit 0), when the peer times out or the session is invalidated (exit 1), or \
            when no radio is usable (exit 2); why it ended goes to standard error. The side that ends \
            first says goodbye, so its peer usually ends one update short.
            """)

    @Option(help: "Where to write this session's archived token.")
    var tokenOut: String

    @Option(help: "Where the peer's archived token appears.")
    var tokenIn: String

    @Option(parsing: .unconditional, help: "How many updates to print before ending.")
    var updates = 10

    @Option(parsing: .unconditional, help: "Wall seconds to wait for the peer's token and the updates.")
    var timeout = 60.0

    @Option(parsing: .unconditional, help: "Draw the session's token from a generator with this seed instead of the system's secure one, so that runs on the emulator repeat exactly. Never on real hardware.")
    var tokenSeed: UInt64?

    func validate() throws {
        guard updates > 0, timeout > 0 else { throw ValidationError("give --updates > 0 and --timeout > 0") }
    }

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.start()
        if let tokenSeed {
            do {
                DeviceService.setDefault(try DeviceService.open(DeviceChoice.fromEnvironment(), settings: DeviceServiceSettings(tokenSeed: tokenSeed)))
            } catch {
                StandardError.line("Error: no usable radio: \(error)")
                throw ExitCode(2)
            }
        }
        guard NISession.isSupported else {
            StandardError.line("Error: no usable radio: \(NISession.unsupportedReason ?? "set UWB_DEVICE")")
            throw ExitCode(2)
        }
        let session = NISession()
        let listener = SessionListener(wanted: updates)
        session.delegateQueue = listener.queue
        session.delegate = listener
        guard let token = session.discoveryToken else { throw ExitCode(2) }
        let data = try NSKeyedArchiver.archivedData(withRootObject: token, requiringSecureCoding: true)
        try data.write(to: URL(fileURLWithPath: tokenOut + ".partial"))
        try FileManager.default.moveItem(atPath: tokenOut + ".partial", toPath: tokenOut)
        let deadline = Date(timeIntervalSinceNow: timeout)
        var peerData: Data?
        while peerData == nil, Date() < deadline {
            peerData = FileManager.default.contents(atPath: tokenIn)
            if peerData == nil { Thread.sleep(forTimeInterval: 0.05) }
        }
        guard let peerData else {
            StandardError.line("Error: no peer token at \(tokenIn) within \(timeout) s")
            throw ExitCode(1)
        }
        // The file comes from another process: unarchive it through the checked path, which
        // refuses hostile archives that Linux Foundation's unarchiver would trap on.
        let peer: NIDiscoveryToken
        do {
            peer = try NIDiscoveryToken.unarchived(from: peerData)
        } catch {
            StandardError.line("Error: \(tokenIn) holds no discovery token: \(error)")
            throw ExitCode(1)
        }
        session.run(NINearbyPeerConfiguration(peerToken: peer))
        let outcome = listener.wait(until: deadline)
        session.invalidate()
        switch outcome {
        case .enough: return
        case .peerEnded:
            StandardError.line("the peer ended the session after \(listener.count) updates")
        case .peerTimedOut:
            StandardError.line("Error: the peer went silent (removed after the timeout) after \(listener.count) updates")
            throw ExitCode(1)
        case .invalidated(let error):
            StandardError.line("Error: invalidated: \(error)")
            throw ExitCode(1)
        case .timedOut:
            StandardError.line("Error: only \(listener.count) of \(updates) updates within \(timeout) s")
            throw ExitCode(1)
        }
    }
}
