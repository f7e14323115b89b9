import Foundation

/// What this process holds of the system: resident memory, open file descriptors and threads
/// (from `/proc/self`, proc(5)); a soak compares them at the start and the end of a long run.
struct ProcessResources {
    /// Resident bytes now.
    let resident: Int
    /// Open file descriptors.
    let descriptors: Int
    /// Threads.
    let threads: Int

    /// Reads them now.
    ///
    /// - Throws: ``ServiceBenchmarkError/processStatistics(pid:reason:)`` if `/proc/self` cannot be read.
    init() throws(ServiceBenchmarkError) {
        resident = try ResidentMemory().current
        let pid = getpid()
        guard let descriptors = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else {
            throw .processStatistics(pid: pid, reason: "/proc/self/fd cannot be listed")
        }
        // The listing itself holds one descriptor open while it runs.
        self.descriptors = descriptors.count - 1
        let status = FileManager.default.contents(atPath: "/proc/self/status").map { String(decoding: $0, as: UTF8.self) } ?? ""
        guard let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Threads:") }),
              let threads = Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces))
        else {
            throw .processStatistics(pid: pid, reason: "Threads is missing from /proc/self/status")
        }
        self.threads = threads
    }
}
