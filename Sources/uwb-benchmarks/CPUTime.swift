import Foundation
import UWBCore

/// The CPU time a process has used so far (user + system), from `/proc/PID/stat`, and the wall
/// instant it was read at: two readings give the share of a core the process used in between.
struct CPUTime {
    /// The process read.
    let pid: Int32
    /// User plus system CPU seconds since it started.
    let seconds: Double
    /// When it was read.
    let instant: ContinuousClock.Instant

    /// Reads the CPU time of process `pid`.
    ///
    /// - Throws: ``ServiceBenchmarkError/processStatistics(pid:reason:)`` if the process is gone or
    ///   the file does not have the expected fields.
    init(pid: Int32) throws(ServiceBenchmarkError) {
        let path = "/proc/\(pid)/stat"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .processStatistics(pid: pid, reason: "the file cannot be read (has the process ended?)")
        }
        let text = String(decoding: data, as: UTF8.self)
        // The second field, the command name in parentheses, may hold spaces and parentheses of
        // its own: the fields that follow start after the last ")".
        guard let close = text.lastIndex(of: ")") else {
            throw .processStatistics(pid: pid, reason: "no \")\" after the command name")
        }
        let fields = text[text.index(after: close)...].split(separator: " ")
        // fields[0] is field 3 (state), so utime (field 14) and stime (field 15) are 11 and 12.
        guard fields.count > 12, let user = UInt64(fields[11]), let system = UInt64(fields[12]) else {
            throw .processStatistics(pid: pid, reason: "utime and stime (fields 14 and 15) are missing or not numbers")
        }
        // Clock ticks per second of the utime and stime fields.
        let ticksPerSecond = sysconf(Int32(_SC_CLK_TCK))
        guard ticksPerSecond > 0 else {
            throw .processStatistics(pid: pid, reason: "sysconf(_SC_CLK_TCK) gives no clock tick rate")
        }
        self.pid = pid
        seconds = Double(user + system) / Double(ticksPerSecond)
        instant = .now
    }

    /// The share of one core the process used between `earlier` and this reading, in percent.
    func percentOfCore(since earlier: CPUTime) -> Double {
        let wall = (instant - earlier.instant).secondsValue
        return wall > 0 ? (seconds - earlier.seconds) / wall * 100 : 0
    }
}
