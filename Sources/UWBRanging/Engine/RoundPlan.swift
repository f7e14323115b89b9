import UWBCore

/// When an initiator link's rounds are due: every interval, stretched or shrunk by up to
/// ``RangingScheduler/intervalJitter`` at random.
struct RoundPlan {
    /// The nominal time between round starts.
    let interval: Duration
    /// When the next round is due, on the scheduler's clock.
    private(set) var next: Duration
    private var jitter: SeededRandom

    init(interval: Duration, next: Duration, jitter: SeededRandom) {
        self.interval = interval
        self.next = next
        self.jitter = jitter
    }

    /// Moves the next round one jittered interval past the later of the due time and `time`, in
    /// whole nanoseconds: a loop's timer may resolve no finer (the emulator's counts picoseconds), and
    /// a due time between its ticks would never be reached.
    mutating func advance(after time: Duration) {
        let stretch = 1 + jitter.uniform(-RangingScheduler.intervalJitter...RangingScheduler.intervalJitter)
        let nanoseconds = (interval.secondsValue * stretch * 1e9).rounded(.up)
        next = max(next, time) + .nanoseconds(Int64(nanoseconds))
    }
}
