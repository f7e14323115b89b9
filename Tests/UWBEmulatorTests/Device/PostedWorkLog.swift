import Synchronization

/// Values that work posted to a radio's loop records, readable from the test's thread.
final class PostedWorkLog<Value: Sendable>: Sendable {
    private let storage = Mutex<[Value]>([])

    /// An empty log.
    init() {}

    /// Appends `value`. Any thread.
    func record(_ value: Value) {
        storage.withLock { $0.append(value) }
    }

    /// The values recorded so far, in order.
    var values: [Value] {
        storage.withLock { $0 }
    }
}
