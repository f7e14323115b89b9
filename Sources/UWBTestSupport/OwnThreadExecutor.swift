import Foundation

/// A task executor with a thread of its own, for tests that await work done on other threads.
///
/// Swift Testing runs every test, synchronous ones included, on the concurrency runtime's shared
/// pool, which has as many threads as the machine has cores. A long synchronous test (a process it
/// waits for, a long simulation) holds a pool thread for its whole length; on a loaded two-core
/// machine the pool can stay full for minutes, and an asynchronous test whose every step resumes
/// on the pool makes no progress meanwhile, however little work it has. A test that runs its body
/// with ``run(_:)`` takes its steps on this executor's thread instead: only the first hop onto it
/// and the last hop back need the pool. ``OwnThreadTrait`` gives each test one.
///
/// `@unchecked Sendable`: the queue of jobs is guarded by `condition`.
public final class OwnThreadExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    /// An executor with a new thread named `name`, which waits for jobs for the rest of the process.
    public init(name: String) {
        let thread = Thread { [self] in serve() }
        thread.name = name
        thread.start()
    }

    /// Takes `job` to run on the executor's thread.
    public func enqueue(_ job: consuming ExecutorJob) {
        let unowned = UnownedJob(job)
        condition.lock()
        jobs.append(unowned)
        condition.signal()
        condition.unlock()
    }

    /// Runs `body`, and every child task of it, on the executor's thread.
    public func run<Value>(_ body: () async throws -> Value) async rethrows -> Value {
        try await withTaskExecutorPreference(self, operation: body)
    }

    /// Runs the jobs as they come, in order.
    private func serve() {
        while true {
            condition.lock()
            while jobs.isEmpty {
                condition.wait()
            }
            let job = jobs.removeFirst()
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
