import Foundation
import Synchronization

/// Keeps the machine's cores busy for the life of a test, as other jobs on a CI machine do: one
/// spinning thread per core until ``stop()``.
public final class BusyCores: Sendable {
    private let running = Atomic<Bool>(true)
    private let finished = DispatchGroup()

    /// Starts one spinning thread per active core.
    public init() {
        for _ in 0..<ProcessInfo.processInfo.activeProcessorCount {
            finished.enter()
            let thread = Thread { [self] in
                var spins: UInt64 = 0
                while running.load(ordering: .relaxed) {
                    spins &+= 1
                }
                finished.leave()
            }
            thread.start()
        }
    }

    /// Stops the threads and waits for them.
    public func stop() {
        running.store(false, ordering: .relaxed)
        finished.wait()
    }
}
