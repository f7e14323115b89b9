import Foundation
import UWBCore

/// One `uwb emulator serve` the benchmark runs: started on a socket of its own, ready once it has
/// printed its "serving" line, stopped with SIGTERM like an operator's Ctrl-C.
struct ServiceProcess {
    /// How the service ended.
    struct Stop {
        /// How the process ended (nil: it did not end within the time allowed and was killed).
        let termination: ChildProcess.Termination?
        /// The virtual time it said it stopped at, seconds (nil if it did not say).
        let virtualSeconds: Double?
        /// The turns its apps took and how many of them while an app of another part held its own,
        /// as it said when its world ran in parts (nil if it did not say).
        let turns: (all: Int, atOnce: Int)?
        /// Whether its socket file is gone.
        let socketRemoved: Bool
        /// Wall seconds from its start to its end.
        let wall: Double

        /// Whether it stopped as it should: exit 0, its virtual time said, its socket removed.
        var isClean: Bool {
            termination?.succeeded == true && virtualSeconds != nil && socketRemoved
        }
    }

    /// How long the service may take to print its "serving" line.
    static let startLimit: Duration = .seconds(30)
    /// How long it may take to stop after SIGTERM.
    static let stopLimit: Duration = .seconds(10)

    /// The process.
    let child: ChildProcess
    /// Its socket.
    let socket: String

    /// Starts `uwb emulator serve` on `scenario` at `socket` (with `--threads threads` if given) and
    /// waits until it serves.
    ///
    /// - Throws: ``ServiceBenchmarkError/launchFailed(command:reason:)`` if it cannot be started,
    ///   ``ServiceBenchmarkError/serviceDidNotStart(detail:)`` if it exits or says nothing within
    ///   ``startLimit`` (it is killed then).
    init(
        uwb: String, scenario: String, socket: String, speed: Double, startAfterApps: Int = 0,
        answerLimit: Double? = nil, threads: Int? = nil, directory: String
    ) throws(ServiceBenchmarkError) {
        var arguments = [
            "emulator", "serve", "--scenario", scenario, "--socket", socket,
            "--speed", Formatting.fixed(speed, 3), "--start-after-apps", "\(startAfterApps)",
        ]
        if let threads {
            arguments += ["--threads", "\(threads)"]
        }
        if let answerLimit {
            arguments += ["--answer-limit", Formatting.fixed(answerLimit, 3)]
        }
        let child = try ChildProcess(
            label: "service", executable: uwb, arguments: arguments, directory: directory, stopSignal: SIGTERM)
        let deadline = ContinuousClock.now + Self.startLimit
        while !child.output.lines.contains(where: { $0.text.hasPrefix("serving ") }) {
            guard child.isRunning, ContinuousClock.now < deadline else {
                let ending = child.isRunning ? "no \"serving\" line within \(Self.startLimit)" : "it exited"
                let termination = child.killAndWait()
                throw .serviceDidNotStart(detail: "\(ending) (\(termination.map(\.description) ?? "still running")): "
                    + child.messages())
            }
            Thread.sleep(forTimeInterval: 0.002)
        }
        self.child = child
        self.socket = socket
    }

    /// Stops it with SIGTERM (SIGKILL if it has not ended after ``stopLimit``).
    func stop() -> Stop {
        child.send(SIGTERM)
        let termination = child.wait(timeout: Self.stopLimit)
        if termination == nil {
            child.killAndWait()
        }
        let wall = (ContinuousClock.now - child.started).secondsValue
        let lines = child.output.lines.map(\.text)
        return Stop(
            termination: termination, virtualSeconds: Self.stoppedAt(lines), turns: Self.turns(lines),
            socketRemoved: !FileManager.default.fileExists(atPath: socket), wall: wall)
    }

    /// The last "stopped at …" line among `lines`.
    private static func stopLine(_ lines: [String]) -> String? {
        lines.last { $0.hasPrefix("stopped at ") }
    }

    /// The turns of "stopped at … after 1234 turns, 56 of them taken while …" among `lines`.
    static func turns(_ lines: [String]) -> (all: Int, atOnce: Int)? {
        guard let line = stopLine(lines), let after = line.range(of: " after ") else { return nil }
        let words = line[after.upperBound...].split(separator: " ")
        guard words.count >= 3, let all = Int(words[0]), let atOnce = Int(words[2]) else { return nil }
        return (all, atOnce)
    }

    /// The seconds of "stopped at 12.345678 s of virtual time" among `lines`.
    static func stoppedAt(_ lines: [String]) -> Double? {
        guard let line = stopLine(lines), let number = line.dropFirst("stopped at ".count).split(separator: " ").first else {
            return nil
        }
        return Double(number)
    }
}
