import Foundation

/// A directory of the benchmark's own under the temporary directory, for sockets and token files,
/// removed with everything in it by ``remove()``.
struct ScratchDirectory {
    /// Its path.
    let path: String

    /// Creates a fresh directory named after `prefix` and this process.
    ///
    /// - Throws: ``ServiceBenchmarkError/scratch(path:reason:)`` if it cannot be created.
    init(prefix: String) throws(ServiceBenchmarkError) {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        let path = base + "/\(prefix)-\(getpid())"
        do {
            if FileManager.default.fileExists(atPath: path) {
                try FileManager.default.removeItem(atPath: path)
            }
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .scratch(path: path, reason: "\(error)")
        }
        self.path = path
    }

    /// A fresh subdirectory `name` (emptied if it exists), for one run.
    ///
    /// - Throws: ``ServiceBenchmarkError/scratch(path:reason:)`` if it cannot be created.
    func fresh(_ name: String) throws(ServiceBenchmarkError) -> String {
        let run = path + "/" + name
        try ChildRegistry.shared.unlessInterrupted { () throws(ServiceBenchmarkError) in
            do {
                if FileManager.default.fileExists(atPath: run) {
                    try FileManager.default.removeItem(atPath: run)
                }
                // Not intermediate directories: a scratch directory removed by an interrupt stays gone.
                try FileManager.default.createDirectory(atPath: run, withIntermediateDirectories: false)
            } catch {
                throw .scratch(path: run, reason: "\(error)")
            }
        }
        return run
    }

    /// Removes the directory and everything in it.
    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}
