import Foundation

/// Keeps cores busy while a benchmark runs: one shell busy loop per core
/// (`/bin/sh -c 'while kill -0 PARENT; do :; done'`), each ending by itself as soon as the
/// benchmark is gone, even if it was killed, and killed by ``stop()``, on an error (the caller's
/// `defer`) or on Ctrl-C (``ChildRegistry``).
final class LoadGenerator {
    /// The busy loops.
    private let loops: [ChildProcess]
    /// Their CPU times when they started.
    private let startTimes: [CPUTime]

    /// Starts `cores` busy loops.
    ///
    /// - Throws: ``ServiceBenchmarkError/launchFailed(command:reason:)`` if `/bin/sh` cannot be
    ///   started (the loops started so far are killed).
    init(cores: Int, directory: String) throws(ServiceBenchmarkError) {
        // `kill -0` is a builtin of the shell: the loop stays busy and notices a vanished parent.
        let script = "while kill -0 \(getpid()) 2>/dev/null; do :; done"
        var loops: [ChildProcess] = []
        do throws(ServiceBenchmarkError) {
            for index in 0..<cores {
                loops.append(try ChildProcess(
                    label: "load \(index + 1)", executable: "/bin/sh", arguments: ["-c", script], directory: directory))
            }
            startTimes = try loops.map { child throws(ServiceBenchmarkError) in try CPUTime(pid: child.pid) }
        } catch {
            for loop in loops {
                loop.killAndWait()
            }
            throw error
        }
        self.loops = loops
    }

    /// How many loops run.
    var count: Int { loops.count }

    /// Each loop's share of a core since it started, in percent (nil for a loop that has ended).
    var percentOfCore: [Double?] {
        zip(loops, startTimes).map { loop, start in
            (try? CPUTime(pid: loop.pid)).map { $0.percentOfCore(since: start) }
        }
    }

    /// Kills the loops and waits for them to end; true if every one ended.
    @discardableResult
    func stop() -> Bool {
        loops.map { $0.killAndWait() != nil }.allSatisfy { $0 }
    }

    deinit {
        stop()
    }
}
