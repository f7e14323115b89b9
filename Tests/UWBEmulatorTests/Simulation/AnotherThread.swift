import Foundation

/// Runs `body` on a new thread and returns when it has finished: for posting to a simulator's
/// inbox from a thread that is not the simulator's.
func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
    let finished = DispatchSemaphore(value: 0)
    let thread = Thread {
        body()
        finished.signal()
    }
    thread.start()
    finished.wait()
}
