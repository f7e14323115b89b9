import Foundation
import Synchronization
import Testing
import UWBCore

/// A loop on virtual time waits for each reaction it delivers. One for the main queue, on a loop
/// that is not on the main thread, runs on the main queue, so it needs the main queue served:
/// here by the test runner (an async `main`), as by `dispatchMain()` in a program.
@Suite("LoopInbox: reactions for the main queue")
struct MainQueueReactionTests {
    /// Marks the main queue, so that a reaction can tell that it runs there.
    static let mainQueueMark = DispatchSpecificKey<Bool>()

    /// Whether each reaction ran on the main queue, in the order they ran.
    final class Record: Sendable {
        private let onMainQueue = Mutex<[Bool]>([])

        /// Notes whether the calling code runs on the main queue.
        func note() {
            let onMain = DispatchQueue.getSpecific(key: MainQueueReactionTests.mainQueueMark) == true
            onMainQueue.withLock { $0.append(onMain) }
        }

        /// What was noted so far.
        var noted: [Bool] { onMainQueue.withLock { $0 } }
    }

    /// The time limit is a deadline for a main queue that is never served, not for a slow one: other
    /// suites run emulations on the main actor (the iOS-style apps), and on a loaded machine this
    /// test has waited minutes for the main queue (165 s in a passing CI run, 288 s in one that hit a
    /// one-minute limit).
    @Test("a loop on another thread hands main-queue reactions to the main queue, in order, and returns once they have run",
          .timeLimit(.minutes(15)))
    func fromAnotherThread() async {
        DispatchQueue.main.setSpecific(key: Self.mainQueueMark, value: true)
        let inbox = LoopInbox()
        let record = Record()
        let other = DispatchQueue(label: "main-queue-reaction-tests")
        inbox.deliver(on: .main) { record.note() }
        inbox.deliver(on: other) { record.note() }
        inbox.deliver(on: .main) { record.note() }
        let (ran, noted) = await withCheckedContinuation { (continuation: CheckedContinuation<(Bool, [Bool]), Never>) in
            Thread {
                let ran = inbox.runReactions()
                continuation.resume(returning: (ran, record.noted))
            }.start()
        }
        #expect(ran)
        #expect(noted == [true, false, true])
        #expect(!inbox.hasWork)
    }
}
