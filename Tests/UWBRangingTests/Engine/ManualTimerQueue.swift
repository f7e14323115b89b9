/// A virtual clock with a timer queue that a test drives by hand: the `schedule` and `now` a radio
/// loop gives a ``RangingScheduler``, without threads, sleeps or the wall clock.
///
/// Timers run only when the test advances the clock, earliest first and, at equal times, in the
/// order they were scheduled; the clock reads each timer's due time while it runs.
final class ManualTimerQueue {
    private struct Timer {
        let due: Duration
        let order: Int
        let action: () -> Void
    }

    /// The current virtual time.
    private(set) var now: Duration = .zero
    private var timers: [Timer] = []
    private var scheduled = 0

    /// Runs `action` `delay` from now (a negative delay counts as none).
    func schedule(_ delay: Duration, _ action: @escaping () -> Void) {
        timers.append(Timer(due: now + max(delay, .zero), order: scheduled, action: action))
        scheduled += 1
    }

    /// When the earliest waiting timer is due, if any.
    var nextDue: Duration? {
        timers.map(\.due).min()
    }

    /// Runs the earliest waiting timer, moving the clock to its due time; returns whether one ran.
    @discardableResult
    func runNext() -> Bool {
        runNext(notAfter: nil)
    }

    /// Runs every timer due at or before `time` (including those they schedule), then sets the
    /// clock to `time` if it is later.
    func advance(to time: Duration) {
        while runNext(notAfter: time) {}
        now = max(now, time)
    }

    /// Lets `duration` of virtual time pass, running the timers that come due.
    func advance(by duration: Duration) {
        advance(to: now + duration)
    }

    private func runNext(notAfter limit: Duration?) -> Bool {
        guard let earliest = timers.indices.min(by: { (timers[$0].due, timers[$0].order) < (timers[$1].due, timers[$1].order) }),
              limit.map({ timers[earliest].due <= $0 }) ?? true else { return false }
        let timer = timers.remove(at: earliest)
        now = max(now, timer.due)
        timer.action()
        return true
    }
}
