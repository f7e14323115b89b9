import UWBCore

/// When a device may start its next ranging round: medium access for radios that cannot sense
/// the carrier (the DW1000 has no clear-channel assessment), by listening to the rounds of others.
///
/// - **Reservations heard** (``reserve(until:heardFrom:)``): every group POLL and FINAL announces
///   how long its round still holds the air (``GroupRoundSchedule``), a two-party POLL or FINAL
///   likewise; any other frame, or a garbled one, holds it for ``quietGap``, the longest silence
///   inside a round. The device's own rounds reserve the air too.
/// - **Periodic rounds keep their place**: a round that comes due while the air is free starts at
///   once, so rounds of devices that do not overlap keep not overlapping, interval after interval.
/// - **Backoff when the air is taken**: a round that comes due while the air is reserved waits
///   for the reservation to end, then a random number of backoff slots (0 to ``window`` − 1),
///   counting down only while the air is free, as IEEE 802.11's DCF does; a slot is the time
///   others need to hear a POLL after a device decides to send it. Devices that waited behind the
///   same round thus start one after another instead of all at once, and one that has waited
///   longer has less left to count.
/// - **Collisions**: a round that no responder answered most likely collided; the next one waits a
///   random backoff even if the air seems free. The window stays the same for every device: a
///   window that doubled after collisions and shrank after answers (802.11's binary exponential
///   backoff, or MACAW's gentler decrease) let the devices that had just succeeded win again and
///   starved others in an overloaded room (`Docs/decisions/0012-medium-access-for-many-devices.md`).
///
/// A plain value on the scheduler's clock; it reads no clock itself.
struct ChannelAccess {
    /// The contention window, in backoff slots: 64, the same for every device and every round
    /// (see ``ChannelAccess``).
    static let window = 64

    /// The longest silence inside a round: after that much, a listener knows no round is running.
    let quietGap: Duration
    /// One backoff slot: from a device's decision to start a round until others have received its
    /// POLL (the start delay and the longest group POLL after its RMARKER), plus the listening margin.
    let backoffSlot: Duration
    /// Until when the air is known to be taken: by others, or by this device's own round.
    var busyUntil: Duration {
        max(heardUntil, ownUntil ?? heardUntil)
    }
    /// Until when others' rounds (and the first quiet gap) take the air.
    private var heardUntil: Duration
    /// Until when this device's own round was planned to take it, while it runs.
    private var ownUntil: Duration?
    /// The backoff slots still to wait while the air is free, once drawn. Whole slots, counted
    /// from the end of the latest reservation, so that devices waiting behind the same round start
    /// on one grid of slots and two of them collide only when they draw the same count.
    private var backoff: Int?
    private var random: SeededRandom

    /// Access for radios with `timing`, that started listening at `now`: until a quiet gap has
    /// passed, the air counts as taken.
    init(timing: RangingTiming, now: Duration, seed: UInt64) {
        let longest = GroupRoundSchedule(responders: RangingFrameFormat.maximumGroupSize, timing: timing)
        let margin = timing.listenMargin
        quietGap = RangingScheduler.wholeNanoseconds((max(longest.pollGap, longest.reportGap, timing.slotSpacing) + margin).duration)
        let poll = timing.airtime(frameLength: RangingMessageType.groupPoll.frameLength(
            secured: true, responders: RangingFrameFormat.maximumGroupSize))
        backoffSlot = RangingScheduler.wholeNanoseconds((timing.startDelay + poll - timing.synchronisationHeader + margin).duration)
        heardUntil = now + quietGap
        random = SeededRandom(seed: seed)
    }

    /// When a round that came due at `due` may start, asked at `now`: at once if the air was free
    /// then and is free now and no backoff is pending; otherwise after the reservation and a
    /// backoff (drawn now if none is pending).
    mutating func start(due: Duration, now: Duration) -> Duration {
        if backoff == nil, min(due, now) < busyUntil {
            backoff = draw()
        }
        return max(due, busyUntil) + backoffSlot * (backoff ?? 0)
    }

    /// The device starts its round now; it holds the air until `end`, or until it ends
    /// (``roundEnded(answered:)``), whichever comes first.
    mutating func started(holdingUntil end: Duration) {
        backoff = nil
        ownUntil = end
    }

    /// A frame that began at `frameStart` says the air is taken until `end`. A backoff in progress
    /// for a round due at `due` keeps the whole slots it counted down while the air was free before
    /// the frame.
    mutating func reserve(until end: Duration, heardFrom frameStart: Duration, due: Duration?) {
        if let remaining = backoff, let due {
            let free = frameStart - max(due, busyUntil)
            if free > .zero {
                backoff = max(0, remaining - Int(free / backoffSlot))
            }
        }
        heardUntil = max(heardUntil, end)
    }

    /// The device's round ended at `now`, freeing the air it held: answered by at least one
    /// responder, or by none (a collision). During its round the device heard nobody else, so the
    /// air counts as taken for a quiet gap: a round that began meanwhile (its POLL unheard) makes
    /// itself known by its next frame within that gap.
    mutating func roundEnded(answered: Bool, at now: Duration) {
        ownUntil = nil
        heardUntil = max(heardUntil, now + quietGap)
        if !answered {
            backoff = draw()
        }
    }

    /// A backoff of 0 to ``window`` − 1 slots.
    private mutating func draw() -> Int {
        Int(random.next() % UInt64(Self.window))
    }
}
