import Foundation

/// Work run on threads of its own, with a deadline on the wall clock for work that waits for ever: a
/// test of threads that synchronise (a world's parts, ranks) fails with ``DeadlineThreadsError/deadlocked``
/// where they would hang, and the deadline counts only the work's own time. (A `.timeLimit` trait also
/// counts the time a test waits for the shared pool's threads, which long synchronous tests hold for
/// minutes on a loaded two-core machine: a test that runs in a fraction of a second would time out.)
public enum DeadlineThreads {
    /// How long the threads may take in all: 10 minutes, a deadline for threads that wait for each other
    /// for ever, never for slow ones.
    public static let deadline: DispatchTimeInterval = .seconds(600)

    /// Runs `body` for each index below `count` on a thread of its own; returns what each returned, in
    /// index order, once all have ended.
    ///
    /// - Throws: the first index's error, if any threw; ``DeadlineThreadsError/deadlocked`` if the threads
    ///   have not all ended within ``deadline``.
    public static func run<Value: Sendable>(count: Int, _ body: @escaping @Sendable (Int) throws -> Value) throws -> [Value] {
        let results = ThreadResults<Value>(count: count)
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            let thread = Thread {
                defer { group.leave() }
                results.store(Result { try body(index) }, index: index)
            }
            // The radio loops run the real drivers: as deep as on the main thread.
            thread.stackSize = 8 << 20
            thread.start()
        }
        guard group.wait(timeout: .now() + deadline) == .success else {
            throw DeadlineThreadsError.deadlocked
        }
        return try results.values()
    }

    /// Runs `body` on a thread of its own and returns what it returned.
    ///
    /// - Throws: what `body` threw; ``DeadlineThreadsError/deadlocked`` if it has not ended within ``deadline``.
    public static func run<Value: Sendable>(_ body: @escaping @Sendable () throws -> Value) throws -> Value {
        let values = try run(count: 1) { _ in try body() }
        guard let value = values.first else { throw DeadlineThreadsError.deadlocked }
        return value
    }
}

/// Why the threads of ``DeadlineThreads`` did not all finish.
public enum DeadlineThreadsError: Error {
    /// They had not all ended after ``DeadlineThreads/deadline``: they wait for each other.
    case deadlocked
}

/// What each thread returned, kept under a lock.
///
/// `@unchecked Sendable`: every access holds the lock.
final class ThreadResults<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<Value, any Error>?]

    init(count: Int) {
        results = Array(repeating: nil, count: count)
    }

    func store(_ result: Result<Value, any Error>, index: Int) {
        lock.lock()
        results[index] = result
        lock.unlock()
    }

    func values() throws -> [Value] {
        lock.lock()
        defer { lock.unlock() }
        return try results.map { result in
            guard let result else { throw DeadlineThreadsError.deadlocked }
            return try result.get()
        }
    }
}
