import UWBCore
import UWBEmulator

/// A pacing that never sleeps but can be woken: its clock jumps to the time waited for, unless
/// one of its scripted arrivals comes first, in which case the clock stops at the arrival's time
/// and the arrival's work is posted to the inbox from another thread, as an app's call would be.
final class WakeablePacing: Pacing {
    /// Work that "arrives" from another thread when the wall clock reaches `wallTime`.
    struct Arrival {
        /// When the work arrives, in wall seconds since the pacing started.
        let wallTime: Double
        /// The work posted to the simulator's inbox.
        let work: @Sendable () -> Void
    }

    private(set) var clock: Double = 0
    /// Every time waited for, in order.
    private(set) var waits: [Double] = []
    private var arrivals: [Arrival]

    /// A pacing at wall time 0 whose arrivals come at their times (in any order).
    init(arrivals: [Arrival] = []) {
        self.arrivals = arrivals.sorted { $0.wallTime < $1.wallTime }
    }

    func elapsed() -> Double { clock }

    /// Moves the clock to `seconds`: nothing arrives in a wait that cannot be woken.
    func wait(until seconds: Double) {
        waits.append(seconds)
        clock = max(clock, seconds)
    }

    /// Moves the clock to `seconds`, or to the next arrival's time if that comes first, posting
    /// its work to `inbox`.
    func wait(until seconds: Double, unlessWorkArrivesIn inbox: LoopInbox) {
        waits.append(seconds)
        guard let arrival = arrivals.first, arrival.wallTime <= seconds else {
            clock = max(clock, seconds)
            return
        }
        arrivals.removeFirst()
        clock = max(clock, arrival.wallTime)
        onAnotherThread { inbox.post(arrival.work) }
    }
}
