import Foundation

/// A process's resident memory from `/proc/PID/status` (proc(5)): VmRSS, what it holds now, and
/// VmHWM, the most it has held so far.
struct ResidentMemory {
    /// Resident bytes now.
    let current: Int
    /// The peak of resident bytes so far.
    let peak: Int

    /// Reads the memory of process `pid` (this process by default).
    ///
    /// - Throws: ``ServiceBenchmarkError/processStatistics(pid:reason:)`` if the process is gone or
    ///   the file lacks the fields.
    init(pid: Int32 = getpid()) throws(ServiceBenchmarkError) {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/status") else {
            throw .processStatistics(pid: pid, reason: "/proc/\(pid)/status cannot be read (has the process ended?)")
        }
        var fields: [String: Int] = [:]
        for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
            // For example "VmRSS:	   27004 kB".
            let parts = line.split(whereSeparator: { $0 == ":" || $0 == " " || $0 == "\t" })
            if parts.count == 3, parts[2] == "kB", let kilobytes = Int(parts[1]) {
                fields[String(parts[0])] = kilobytes * 1024
            }
        }
        guard let current = fields["VmRSS"], let peak = fields["VmHWM"] else {
            throw .processStatistics(pid: pid, reason: "VmRSS or VmHWM is missing from /proc/\(pid)/status")
        }
        self.current = current
        self.peak = peak
    }

    /// Bytes in megabytes (10⁶ bytes), with one decimal.
    static func megabytes(_ bytes: Int) -> String {
        Formatting.fixed(Double(bytes) / 1e6, 1)
    }
}
