import Foundation
import Synchronization
import UWBEmulator

/// The emulated world on a thread of its own, where the room and every host live: other threads
/// hand it work with ``post(_:)``, which runs before the world's next event.
///
/// At a positive speed the world runs paced to the wall clock (that many virtual seconds per
/// wall second), as UCI hosts are real-time. At speed 0 it runs as fast as it can while it has
/// events, and sleeps while it has none, so tests wait for nothing but the work they cause.
///
/// `@unchecked Sendable`: the emulation is touched only on the world's thread once started.
final class UCIWorld: @unchecked Sendable {
    /// The world; touch it only in posted work once started.
    let emulation: Emulation
    private let speed: Double
    private let stopping = Atomic<Bool>(false)
    private let ended = DispatchSemaphore(value: 0)
    private let started = Atomic<Bool>(false)

    /// A world of `emulation` run at `speed` (0: as fast as it can).
    init(emulation: Emulation, speed: Double) {
        self.emulation = emulation
        self.speed = speed
    }

    /// Runs `work` on the world's thread, before its next event.
    func post(_ work: @escaping @Sendable () -> Void) {
        emulation.simulator.inbox.post(work)
    }

    /// Starts the world's thread (once).
    func start() {
        guard !started.exchange(true, ordering: .relaxed) else { return }
        let thread = Thread { [self] in
            Thread.current.name = "uwb uci world"
            let pacing = WallClockPacing()
            while !stopping.load(ordering: .relaxed) {
                step(pacing: pacing)
            }
            ended.signal()
        }
        thread.start()
    }

    /// Stops the world's thread and waits for it.
    func stop() {
        guard started.load(ordering: .relaxed), !stopping.exchange(true, ordering: .relaxed) else { return }
        post {}
        ended.wait()
    }

    /// Runs one slice of virtual time, or waits for work when there is nothing to run.
    private func step(pacing: Pacing) {
        let simulator = emulation.simulator
        let end = simulator.now + UCIServiceConstants.worldSlice
        if speed > 0 {
            emulation.run(until: end, pacing: pacing, rate: speed)
        } else if simulator.nextEventTime != nil || simulator.inbox.hasWork {
            emulation.run(until: end)
        } else {
            simulator.inbox.waitForWork(until: Date(timeIntervalSinceNow: UCIServiceConstants.worldSlice.secondsValue))
        }
    }
}
