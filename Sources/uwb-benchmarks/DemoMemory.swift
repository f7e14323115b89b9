import Foundation
import UWBCore

/// The peak resident memory of one `uwb demo` run on the shipped demo room, as fast as it goes
/// (`--speed 0 --format jsonl --duration D`, output thrown away): the process's VmHWM, read every
/// ``pollInterval`` while it runs (the last reading before it exits).
struct DemoMemory {
    /// How often the child's memory is read.
    static let pollInterval: Duration = .milliseconds(200)
    /// The longest a run may take before the benchmark gives up on it.
    static let limit: Duration = .seconds(4 * 3600)
    /// The scenario, relative to the repository root.
    static let scenario = "Docs/scenarios/demo-room.json"

    /// Simulated seconds.
    let duration: Double
    /// Wall seconds the run took.
    let wall: Double
    /// The peak resident bytes.
    let peak: Int

    /// Runs `uwb` (a path) for `duration` simulated seconds in `repository`.
    ///
    /// - Throws: ``ServiceBenchmarkError`` if the run cannot start, fails or takes longer than ``limit``.
    init(uwb: String, repository: String, duration: Double) throws {
        let arguments = ["demo", "--speed", "0", "--format", "jsonl", "--duration", Formatting.fixed(duration, 0),
                         "--scenario", Self.scenario]
        // Through sh so that the lines go to /dev/null rather than through a pipe into memory;
        // `exec` leaves the demo as the child whose memory is read.
        let child = try ChildProcess(
            label: "uwb demo", executable: "/bin/sh",
            arguments: ["-c", "exec \"$@\" > /dev/null", "sh", uwb] + arguments, directory: repository)
        var peak = 0
        var termination: ChildProcess.Termination?
        while termination == nil {
            if let memory = try? ResidentMemory(pid: child.pid) {
                peak = max(peak, memory.peak)
            }
            termination = child.wait(timeout: Self.pollInterval)
            if termination == nil, ContinuousClock.now - child.started > Self.limit {
                child.killAndWait()
                throw ServiceBenchmarkError.appFailed(device: "uwb demo", detail: "still running after \(Self.limit)")
            }
        }
        guard termination?.succeeded == true else {
            throw ServiceBenchmarkError.appFailed(
                device: "uwb demo", detail: "\(termination.map(\.description) ?? "?"): \(child.messages())")
        }
        self.duration = duration
        wall = (ContinuousClock.now - child.started).secondsValue
        self.peak = peak
    }
}
