import Synchronization

/// A queue between threads and one awaiting task: ``push(_:)`` from any thread, ``next()`` from one
/// task at a time (a cancelled task's ``next()`` returns nil); after ``finish()``, what was pushed before still comes out, then nil.
package final class AsyncQueue<Element: Sendable>: Sendable {
    private struct State {
        var buffer: [Element] = []
        var waiter: CheckedContinuation<Element?, Never>?
        var finished = false
    }

    private let state = Mutex(State())

    /// An empty queue.
    package init() {}

    /// Adds `element` (dropped once the queue is finished).
    package func push(_ element: Element) {
        let waiter = state.withLock { state -> CheckedContinuation<Element?, Never>? in
            guard !state.finished else { return nil }
            guard let waiter = state.waiter else {
                state.buffer.append(element)
                return nil
            }
            state.waiter = nil
            return waiter
        }
        waiter?.resume(returning: element)
    }

    /// Ends the queue: once the elements pushed before are taken, ``next()`` returns nil.
    package func finish() {
        let waiter = state.withLock { state in
            state.finished = true
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// The next element; nil once the queue is finished and empty, or if the task is cancelled.
    package func next() async -> Element? {
        await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let ready: Element?? = state.withLock { state in
                    if !state.buffer.isEmpty { return .some(state.buffer.removeFirst()) }
                    if state.finished || Task.isCancelled { return .some(nil) }
                    state.waiter = continuation
                    return nil
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            let waiter = state.withLock { state in
                defer { state.waiter = nil }
                return state.waiter
            }
            waiter?.resume(returning: nil)
        }
    }
}
