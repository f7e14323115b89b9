import Synchronization
import UWBCore
import UWBEmulator

/// A ``ThreadedRadio``'s clock on the emulator service: the world's virtual time, shared in turns.
///
/// While the loop works, it holds the turn and the world stands still, so its time is the time
/// the turn began. A wait hands the turn back (WAIT, naming the deadline) and blocks until the
/// service gives it back (WOKE), when an interrupt line rises or the deadline comes; work posted
/// meanwhile asks for the turn at once (WAKE). Nothing polls, so a waiting app costs no CPU.
///
/// `@unchecked Sendable`: ``wake()`` and ``abandon()`` touch only the bus's ``WakeSignal`` and an
/// atomic; everything else runs on the loop thread.
final class ServiceTurns: LoopClock, @unchecked Sendable {
    private let bus: EmulatorSocketBus
    private let abandoned = Atomic<Bool>(false)

    /// The clock of `bus`'s device.
    init(bus: EmulatorSocketBus) {
        self.bus = bus
    }

    /// The world's virtual time at the start of this turn.
    var now: Duration { bus.now - .zero }

    /// True: virtual time.
    var isVirtual: Bool { true }

    /// Hands the turn back until one of the chips' lines rises or `deadline` comes (a deadline
    /// between two picoseconds, the world's resolution, at the later one).
    func wait(until deadline: Duration?, on transceivers: [any Transceiver]) throws(LoopWaitFailure) -> [Int] {
        let chips = transceivers.indices.prefix(8).reduce(UInt8(0)) { $0 | 1 << $1 }
        let lines: UInt8
        do {
            lines = try bus.waitForTurn(chips: chips, until: deadline.map { SimulationTime(notBefore: $0) }) {
                self.abandoned.load(ordering: .relaxed)
            }
        } catch {
            throw LoopWaitFailure(chip: 0, error: .bus(error))
        }
        return transceivers.indices.filter { $0 < 8 && lines & 1 << $0 != 0 }
    }

    /// Asks for the turn back.
    func wake() {
        bus.wakeSignal.raise()
    }

    /// Stops waiting for good.
    func abandon() {
        abandoned.store(true, ordering: .relaxed)
        bus.wakeSignal.raise()
    }
}
