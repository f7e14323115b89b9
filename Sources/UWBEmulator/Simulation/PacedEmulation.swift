import Foundation
import Synchronization

/// An ``Emulation`` running against the wall clock on a thread of its own, for drivers that run on
/// other threads (the loops of emulated USB boards, which are real-time hardware): they reach its
/// chips only through ``perform(_:)``, which runs their work on the emulation's thread at the
/// virtual time the wall clock has reached, while they wait.
///
/// `@unchecked Sendable`: the emulation is used only on its thread once ``start()`` has run; the
/// work of ``perform(_:)`` crosses over while its caller blocks, so nothing is shared at once.
public final class PacedEmulation: @unchecked Sendable {
    /// How much virtual time one paced run covers before the thread looks at ``stop()`` again.
    static let slice: Duration = .milliseconds(20)

    /// The emulation; touch it through ``perform(_:)`` once started.
    public let emulation: Emulation
    /// Virtual seconds per wall second.
    public let rate: Double

    /// Where the emulation is in its life. `perform` posts its work while holding this, so that
    /// ``stop()`` either finds the work in the inbox (and runs it) or the work finds the emulation
    /// stopped (and runs at once); without a thread, work runs while holding it, one at a time.
    private let phase = Mutex(Phase.settingUp)
    private let stopping = Atomic<Bool>(false)
    private let ended = DispatchSemaphore(value: 0)

    private enum Phase {
        case settingUp, running, stopped
    }

    /// Wraps `emulation`, not started yet: set it up on this thread first.
    public init(_ emulation: Emulation, rate: Double = 1) {
        self.emulation = emulation
        self.rate = rate
    }

    /// Starts the emulation's thread. Call it once, after the emulation is set up.
    public func start() {
        let starting = phase.withLock { phase in
            guard case .settingUp = phase else { return false }
            phase = .running
            return true
        }
        guard starting else { return }
        let emulation = UncheckedTransfer(emulation)
        let rate = rate
        let thread = Thread { [self] in
            Thread.current.name = "uwb emulation"
            let pacing = WallClockPacing()
            while !stopping.load(ordering: .relaxed) {
                let world = emulation.value
                world.run(until: world.simulator.now + Self.slice, pacing: pacing, rate: rate)
            }
            ended.signal()
        }
        thread.start()
    }

    /// Stops the thread and waits for it, then runs the work still waiting for it, so that no
    /// ``perform(_:)`` is left blocked. From then on `perform` runs its work on its caller's
    /// thread, one at a time.
    public func stop() {
        phase.withLock { phase in
            guard case .running = phase else {
                phase = .stopped
                return
            }
            phase = .stopped
            stopping.store(true, ordering: .relaxed)
            emulation.simulator.inbox.post {}
            ended.wait()
            for action in emulation.simulator.inbox.take() {
                action()
            }
        }
    }

    /// Runs `body` on the emulation's thread, before its next event, and returns its result; the
    /// caller blocks meanwhile. Before ``start()`` and after ``stop()`` it runs `body` on the
    /// caller's thread. Never call it from the emulation's thread (it would wait for itself).
    public func perform<Result, Failure: Error>(_ body: @escaping () throws(Failure) -> Result) throws(Failure) -> Result {
        let outcome = PerformOutcome<Result, Failure>()
        let done = DispatchSemaphore(value: 0)
        let work = UncheckedTransfer(body)
        let action: @Sendable () -> Void = {
            do throws(Failure) {
                outcome.result = .success(try work.value())
            } catch {
                outcome.result = .failure(error)
            }
            done.signal()
        }
        phase.withLock { phase in
            if case .running = phase {
                emulation.simulator.inbox.post(action)
            } else {
                action()
            }
        }
        done.wait()
        // Every path above ran the action, which set the outcome before signalling.
        guard let result = outcome.result else { return try body() }
        return try result.get()
    }
}

/// The result of one ``PacedEmulation/perform(_:)``: written on the emulation's thread before it
/// signals, read by the caller after it has waited, so never at once (`@unchecked Sendable`).
private final class PerformOutcome<Result, Failure: Error>: @unchecked Sendable {
    var result: Swift.Result<Result, Failure>?
}

/// Carries a value that is not `Sendable` to another thread whose use of it does not overlap the
/// sender's (the sender waits, or has handed the value over for good).
struct UncheckedTransfer<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}
