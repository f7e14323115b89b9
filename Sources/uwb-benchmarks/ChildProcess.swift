import Foundation
import UWBCore

/// A process the benchmark starts (Foundation's `Process`): both output pipes read to their end
/// on threads of their own (``OutputReader``), its end awaited with a deadline, and registered
/// with ``ChildRegistry`` while it runs, so that an interrupted benchmark leaves none behind.
///
/// `@unchecked Sendable`: `Process` is used only to read its state, send it signals and learn how
/// it ended, which Foundation allows from any thread; everything else is immutable or `Sendable`.
final class ChildProcess: @unchecked Sendable {
    /// How a child ended.
    enum Termination: Equatable, CustomStringConvertible {
        /// It exited with this status.
        case exited(Int32)
        /// A signal ended it.
        case signalled(Int32)

        /// Whether it exited with status 0.
        var succeeded: Bool { self == .exited(0) }

        /// For example `exit 1` or `signal 9`.
        var description: String {
            switch self {
            case .exited(let status): "exit \(status)"
            case .signalled(let number): "signal \(number)"
            }
        }
    }

    /// How long ``wait(timeout:)`` waits for the output pipes to end once the child has exited.
    static let outputGrace: Duration = .seconds(5)

    /// A short name for progress and failure messages, for example `phone`.
    let label: String
    /// The process id.
    let pid: Int32
    /// Its standard output.
    let output: OutputReader
    /// Its standard error.
    let errors: OutputReader
    /// The signal ``ChildRegistry`` sends it when the benchmark is interrupted.
    let stopSignal: Int32
    /// When it was started.
    let started: ContinuousClock.Instant
    /// The Foundation process.
    private let process: Process
    /// Signalled when the process has ended, and again by each waiter, so that every later wait
    /// returns at once.
    private let ended: DispatchSemaphore

    /// Starts `executable` with `arguments` in `directory`, its environment the benchmark's with
    /// `environment` laid over it, standard input empty.
    ///
    /// - Throws: ``ServiceBenchmarkError/launchFailed(command:reason:)`` if it cannot be started.
    init(
        label: String, executable: String, arguments: [String], environment: [String: String] = [:],
        directory: String, stopSignal: Int32 = SIGKILL
    ) throws(ServiceBenchmarkError) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory, isDirectory: true)
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let outputPipe = Pipe()
        let errorPipe = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        let ended = DispatchSemaphore(value: 0)
        self.ended = ended
        process.terminationHandler = { process in
            ChildRegistry.shared.remove(pid: process.processIdentifier)
            ended.signal()
        }
        output = OutputReader(outputPipe.fileHandleForReading)
        errors = OutputReader(errorPipe.fileHandleForReading)
        // Started and registered in one step, so that an interrupt stops it too.
        ChildRegistry.shared.beginLaunch()
        defer { ChildRegistry.shared.endLaunch() }
        do {
            try process.run()
        } catch {
            try? outputPipe.fileHandleForWriting.close()
            try? errorPipe.fileHandleForWriting.close()
            throw .launchFailed(command: ([executable] + arguments).joined(separator: " "), reason: "\(error)")
        }
        started = .now
        self.label = label
        self.process = process
        self.stopSignal = stopSignal
        pid = process.processIdentifier
        ChildRegistry.shared.add(self)
        if !process.isRunning {
            ChildRegistry.shared.remove(pid: pid)
        }
    }

    /// Whether it still runs.
    var isRunning: Bool { process.isRunning }

    /// Waits until it has ended, or `timeout` passes; then waits up to ``outputGrace`` for its
    /// output pipes to end. Nil if it still runs.
    func wait(timeout: Duration) -> Termination? {
        guard ended.wait(timeout: .now() + max(0, timeout.secondsValue)) == .success else { return nil }
        ended.signal()
        output.waitForEnd(timeout: Self.outputGrace)
        errors.waitForEnd(timeout: Self.outputGrace)
        let status = process.terminationStatus
        return process.terminationReason == .exit ? .exited(status) : .signalled(status)
    }

    /// Sends it signal `number` if it still runs.
    func send(_ number: Int32) {
        guard process.isRunning, pid > 0 else { return }
        _ = Glibc.kill(pid, number)
    }

    /// Kills it (SIGKILL) if it still runs and waits for it to end.
    @discardableResult
    func killAndWait() -> Termination? {
        send(SIGKILL)
        return wait(timeout: .seconds(10))
    }

    /// Its standard error and the lines of its standard output that `keep` selects, for failure
    /// messages: at most `limit` characters, the end kept.
    func messages(limit: Int = 400, keeping keep: (String) -> Bool = { _ in true }) -> String {
        let lines = output.lines.map(\.text).filter(keep) + errors.lines.map(\.text)
        let text = lines.filter { !$0.isEmpty }.joined(separator: " / ")
        return text.count <= limit ? text : "…" + String(text.suffix(limit))
    }
}
