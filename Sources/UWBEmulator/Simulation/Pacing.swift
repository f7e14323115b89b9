import Foundation
import UWBCore

/// How a paced run waits for the wall clock: the simulator's queue, run so that each event
/// happens when its virtual time comes due in real time (scaled by a rate).
public protocol Pacing {
    /// Seconds of wall time since the pacing started.
    func elapsed() -> Double
    /// Blocks until `elapsed()` reaches `seconds`.
    func wait(until seconds: Double)
    /// Blocks until `elapsed()` reaches `seconds` or work arrives in `inbox`, whichever comes
    /// first. The default waits for the time alone.
    func wait(until seconds: Double, unlessWorkArrivesIn inbox: LoopInbox)
}

extension Pacing {
    /// Waits for the time alone: a pacing that cannot be woken.
    public func wait(until seconds: Double, unlessWorkArrivesIn inbox: LoopInbox) {
        wait(until: seconds)
    }
}

/// Pacing against the process's monotonic clock.
public final class WallClockPacing: Pacing {
    private let start = ContinuousClock.now

    /// Pacing that starts now.
    public init() {}

    /// Seconds since this pacing was made.
    public func elapsed() -> Double {
        (ContinuousClock.now - start).secondsValue
    }

    /// Sleeps until the given wall time.
    public func wait(until seconds: Double) {
        let remaining = seconds - elapsed()
        if remaining > 0 {
            Thread.sleep(forTimeInterval: remaining)
        }
    }

    /// Sleeps until the given wall time or until work is posted to `inbox`.
    public func wait(until seconds: Double, unlessWorkArrivesIn inbox: LoopInbox) {
        let remaining = seconds - elapsed()
        if remaining > 0 {
            inbox.waitForWork(until: Date(timeIntervalSinceNow: remaining))
        }
    }
}

extension Simulator {
    /// Runs every event due at or before `end` when its time comes on the wall clock:
    /// `rate` virtual seconds per wall second (1 is real time). The same events run in the same
    /// order as an unpaced run.
    ///
    /// Work posted to the ``inbox`` before the run runs at its start, as in an unpaced run (an app's
    /// sessions started before the world runs). Work posted during the run wakes it: it runs at the
    /// virtual time the wall clock has reached (never before the last event that ran), so a paused
    /// world still answers its apps.
    /// Reactions to an event (``LoopInbox/deliver(on:_:)``), and what they post, run at the
    /// event's instant, as in an unpaced run.
    ///
    /// The run's start lines up with the pacing's clock as it reads when the run begins, so a
    /// second paced run on the same pacing waits from where the first left off. A rate that is
    /// not positive runs unpaced.
    public func run(until end: SimulationTime, pacing: Pacing, rate: Double = 1) {
        guard rate > 0 else {
            run(until: end)
            return
        }
        takePostedWork()
        let origin = now.seconds
        let wallOrigin = pacing.elapsed()
        while true {
            // Reactions to the last event, and what they post, belong to its instant: settle them
            // before the wall clock moves the time on.
            settleReactions()
            let next = min(nextEventTime ?? end, end)
            if !inbox.hasWork {
                pacing.wait(until: wallOrigin + (next.seconds - origin) / rate, unlessWorkArrivesIn: inbox)
            }
            if inbox.hasWork {
                let reached = SimulationTime(seconds: origin + (pacing.elapsed() - wallOrigin) * rate)
                let target = min(max(reached, now), next)
                // No event is due before `next`, so the clock can move to the target first and the
                // posted work then runs at it.
                advanceClock(to: target)
                run(until: target)
            } else if let due = nextEventTime, due <= end {
                step(notAfter: end)
            } else {
                break
            }
        }
        run(until: end)
    }
}
