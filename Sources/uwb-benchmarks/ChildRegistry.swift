import Foundation
import Synchronization

/// The child processes of the benchmark that still run, so that none outlives it: on Ctrl-C or
/// SIGTERM (once ``stopChildrenOnInterrupt(then:)`` is installed) and at the end of a run, each gets
/// its stop signal (SIGTERM lets the emulator service remove its socket) and, if it has not ended
/// within ``grace``, SIGKILL.
final class ChildRegistry: Sendable {
    /// The registry of this process.
    static let shared = ChildRegistry()

    /// How long children get to end after their stop signal before SIGKILL.
    static let grace: Duration = .seconds(3)

    /// The children that run, by process id.
    private let children = Mutex<[Int32: ChildProcess]>([:])
    /// The SIGINT and SIGTERM sources, kept alive once installed.
    private let sources = Mutex<[any DispatchSourceSignal]>([])
    /// Held while a child is started or a scratch file made, and for good once an interrupt is
    /// being handled, so that nothing new appears after the cleanup.
    private let gate = NSLock()

    /// Begins starting a child or making scratch files; if the benchmark is being interrupted,
    /// the calling thread waits here until the process exits. Pair with ``endLaunch()``.
    func beginLaunch() {
        gate.lock()
    }

    /// Ends what ``beginLaunch()`` began.
    func endLaunch() {
        gate.unlock()
    }

    /// Runs `body`, which starts a child or makes scratch files, between ``beginLaunch()`` and
    /// ``endLaunch()``.
    func unlessInterrupted<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        beginLaunch()
        defer { endLaunch() }
        return try body()
    }

    /// Records a child that runs.
    func add(_ child: ChildProcess) {
        children.withLock { $0[child.pid] = child }
    }

    /// Forgets the child with `pid` (it has ended).
    func remove(pid: Int32) {
        _ = children.withLock { $0.removeValue(forKey: pid) }
    }

    /// Stops every child that still runs and waits for them to end.
    func stopAll() {
        let running = children.withLock { Array($0.values) }.filter(\.isRunning)
        guard !running.isEmpty else { return }
        for child in running {
            child.send(child.stopSignal)
        }
        let deadline = ContinuousClock.now + Self.grace
        for child in running where child.wait(timeout: deadline - .now) == nil {
            child.killAndWait()
        }
    }

    /// From now on, Ctrl-C (SIGINT) and SIGTERM stop every child, run `cleanup`, then end the
    /// benchmark with status 128 + the signal's number.
    ///
    /// Children inherit the benchmark's ignored SIGINT and SIGTERM (the dispatch sources need
    /// them ignored), which is why the plain children are stopped with SIGKILL.
    func stopChildrenOnInterrupt(then cleanup: @escaping @Sendable () -> Void) {
        sources.withLock { sources in
            guard sources.isEmpty else { return }
            for number in [SIGINT, SIGTERM] {
                Glibc.signal(number, SIG_IGN)
                let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
                source.setEventHandler { [self] in
                    gate.lock()
                    let names = children.withLock { $0.values.filter(\.isRunning).map(\.label) }.sorted()
                    progress("interrupted: stopping " + (names.isEmpty ? "nothing" : names.joined(separator: ", ")))
                    stopAll()
                    cleanup()
                    exit(128 + number)
                }
                source.resume()
                sources.append(source)
            }
        }
    }
}
