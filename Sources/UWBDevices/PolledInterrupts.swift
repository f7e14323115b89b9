import UWBCore

/// A ``ThreadedRadio``'s clock on real hardware: the wall clock, and an interrupt line polled
/// through the bus (for an FT232H board, a GPIO read per poll).
///
/// A wait watches chip 0's line for up to one poll interval (less if the deadline comes first)
/// and glances at the other chips' lines; work posted meanwhile waits for the end of the
/// interval, which is why the interval is short. `@unchecked Sendable`: immutable.
final class PolledInterrupts: LoopClock, @unchecked Sendable {
    /// The longest a wait watches the line before the loop looks at posted work and timers.
    let pollInterval: Duration
    private let started = ContinuousClock.now

    /// A clock starting now that polls at most `pollInterval` at a time.
    init(pollInterval: Duration) {
        self.pollInterval = pollInterval
    }

    /// Time since the clock was made.
    var now: Duration { ContinuousClock.now - started }

    /// False: wall-clock time.
    var isVirtual: Bool { false }

    /// Polls chip 0's line until it is asserted, one poll interval passes or `deadline` comes,
    /// then reads the others' lines once.
    func wait(until deadline: Duration?, on transceivers: [any Transceiver]) throws(LoopWaitFailure) -> [Int] {
        let current = now
        let wait = min(pollInterval, max((deadline ?? current + pollInterval) - current, .zero))
        var asserted: [Int] = []
        for (index, transceiver) in transceivers.enumerated() {
            do {
                if try transceiver.waitForInterrupt(until: ContinuousClock.now + (index == 0 ? wait : .zero)) {
                    asserted.append(index)
                }
            } catch {
                throw LoopWaitFailure(chip: index, error: error)
            }
        }
        return asserted
    }

    /// Nothing: the wait ends within one poll interval anyway.
    func wake() {}

    /// Nothing: the wait ends within one poll interval anyway.
    func abandon() {}
}
