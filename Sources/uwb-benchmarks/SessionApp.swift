import Foundation

/// One `uwb session` the benchmark runs as an app of the emulator service
/// (`UWB_DEVICE=emulator:NAME`, `UWB_EMULATOR_SOCKET`), and what it printed.
struct SessionApp {
    /// The options of one session.
    struct Options {
        /// Updates it asks for (`--updates`).
        var updates: Int
        /// Its dead-peer deadline, wall seconds (`--timeout`).
        var timeout: Double
        /// Its token seed (`--token-seed`), nil for a token from the secure generator.
        var tokenSeed: UInt64? = nil
    }

    /// The process.
    let child: ChildProcess
    /// The device it drives.
    let device: String
    /// Where it writes its token.
    let tokenOut: String

    /// Starts `uwb session` on `device` of the service at `socket`.
    ///
    /// - Throws: ``ServiceBenchmarkError/launchFailed(command:reason:)``.
    init(
        uwb: String, device: String, socket: String, tokenOut: String, tokenIn: String, options: Options,
        directory: String
    ) throws(ServiceBenchmarkError) {
        var arguments = [
            "session", "--token-out", tokenOut, "--token-in", tokenIn,
            "--updates", "\(options.updates)", "--timeout", Formatting.fixed(options.timeout, 3),
        ]
        if let seed = options.tokenSeed {
            arguments += ["--token-seed", "\(seed)"]
        }
        child = try ChildProcess(
            label: device, executable: uwb, arguments: arguments,
            environment: ["UWB_DEVICE": "emulator:" + device, "UWB_EMULATOR_SOCKET": socket], directory: directory)
        self.device = device
        self.tokenOut = tokenOut
    }

    /// The updates it printed so far.
    var updates: [SessionUpdate] {
        child.output.lines.compactMap(SessionUpdate.init)
    }

    /// What it said besides its updates, and on standard error, for failure messages.
    var messages: String {
        child.messages { !$0.hasPrefix("{") }
    }
}
