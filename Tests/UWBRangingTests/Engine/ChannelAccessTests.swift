import Testing
import UWBCore
@testable import UWBRanging

/// ``ChannelAccess``, the scheduler's medium access, as a plain value on a virtual clock: when a
/// round may start given the reservations heard and the rounds that went unanswered.
@Suite("ChannelAccess: starting rounds on a shared air")
struct ChannelAccessTests {
    let timing = RoundFixtures.timing

    /// A fresh access that started listening at time zero.
    func access(seed: UInt64 = 1) -> ChannelAccess {
        ChannelAccess(timing: timing, now: .zero, seed: seed)
    }

    /// How many backoff slots `span` is; records an issue unless it is a whole number of them.
    func slots(_ span: Duration, of access: ChannelAccess, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        let count = Int((span / access.backoffSlot).rounded())
        #expect(access.backoffSlot * count == span, "\(span) is not a whole number of slots", sourceLocation: sourceLocation)
        return count
    }

    /// Time since a fresh access was made at which the air has long been free.
    static let later = Duration.milliseconds(10)

    @Test("the quiet gap is the longest silence inside a round (9 slots' FINAL gap, 352 µs) plus the margin; a backoff slot is start delay, full POLL after its RMARKER, margin")
    func constants() {
        let access = access()
        // 273 µs reply delay + 79 µs for the 120-octet secured group FINAL, then the 30 µs margin.
        #expect(abs((access.quietGap - .microseconds(382)).secondsValue) < 2e-9, "\(access.quietGap)")
        let poll = RadioConfig.ranging.airtime(frameLength: 117)
        let slot = timing.startDelay.duration + poll - RadioConfig.ranging.synchronisationHeaderDuration + timing.listenMargin.duration
        #expect(abs((access.backoffSlot - slot).secondsValue) < 2e-9, "\(access.backoffSlot) against \(slot)")
        #expect(access.backoffSlot == .nanoseconds(Int64((access.backoffSlot / .nanoseconds(1)).rounded())), "whole nanoseconds")
        #expect(access.quietGap == .nanoseconds(Int64((access.quietGap / .nanoseconds(1)).rounded())), "whole nanoseconds")
        #expect(ChannelAccess.window == 64)
    }

    @Test("until a quiet gap has passed the air counts as taken; a round due after it on a free air starts at once")
    func freeAir() {
        var access = access()
        #expect(access.busyUntil == access.quietGap)
        #expect(access.start(due: access.quietGap, now: access.quietGap) == access.quietGap)
        #expect(access.start(due: Self.later, now: Self.later) == Self.later)
        // Asked later than due, a round due on a free air still starts at once (its due time has passed).
        #expect(access.start(due: Self.later, now: Self.later + .milliseconds(1)) == Self.later)
    }

    @Test("a round due during the initial quiet gap waits for it and a backoff")
    func dueDuringQuietGap() {
        var access = access()
        let start = access.start(due: .microseconds(100), now: .microseconds(100))
        #expect(start >= access.quietGap)
        #expect((0..<ChannelAccess.window).contains(slots(start - access.quietGap, of: access)))
    }

    @Test("a round due while the air is reserved starts at the reservation's end plus 0 to 63 backoff slots")
    func reserved() {
        var draws = Set<Int>()
        for seed in UInt64(0)..<400 {
            var access = access(seed: seed)
            let end = Self.later + .milliseconds(3)
            access.reserve(until: end, heardFrom: Self.later, due: nil)
            #expect(access.busyUntil == end)
            let due = Self.later + .milliseconds(1)
            let start = access.start(due: due, now: due)
            #expect(start >= end)
            let drawn = slots(start - end, of: access)
            #expect((0..<ChannelAccess.window).contains(drawn), "seed \(seed): \(drawn) slots")
            draws.insert(drawn)
            // Asked again, the same backoff holds: it is drawn once.
            #expect(access.start(due: due, now: due + .microseconds(500)) == start)
        }
        #expect(draws == Set(0..<ChannelAccess.window), "every backoff of the window occurs over 400 seeds")
    }

    @Test("a reservation that ends earlier than the one known does not shorten it")
    func reservationsOnlyGrow() {
        var access = access()
        access.reserve(until: Self.later + .milliseconds(5), heardFrom: Self.later, due: nil)
        access.reserve(until: Self.later + .milliseconds(2), heardFrom: Self.later + .milliseconds(1), due: nil)
        #expect(access.busyUntil == Self.later + .milliseconds(5))
    }

    @Test("a reservation heard during the backoff keeps the whole slots already counted down while the air was free")
    func backoffCountdown() throws {
        let firstEnd = Self.later + .milliseconds(3)
        let due = Self.later + .milliseconds(1)
        // A seed whose first draw is at least 3 slots.
        var chosen: (seed: UInt64, drawn: Int)?
        for seed in UInt64(0)..<100 {
            var access = access(seed: seed)
            access.reserve(until: firstEnd, heardFrom: Self.later, due: nil)
            let drawn = slots(access.start(due: due, now: due) - firstEnd, of: access)
            if drawn >= 3 {
                chosen = (seed, drawn)
                break
            }
        }
        let (seed, drawn) = try #require(chosen)
        var access = access(seed: seed)
        access.reserve(until: firstEnd, heardFrom: Self.later, due: nil)
        #expect(access.start(due: due, now: due) == firstEnd + access.backoffSlot * drawn)
        // Another device's frame begins after 1.5 slots of free air and reserves it for 2 ms.
        let heard = firstEnd + access.backoffSlot * 1.5
        let secondEnd = heard + .milliseconds(2)
        access.reserve(until: secondEnd, heardFrom: heard, due: due)
        #expect(access.busyUntil == secondEnd)
        // One whole slot was counted down; the half slot before the frame does not count.
        let restart = access.start(due: due, now: secondEnd)
        #expect(restart == secondEnd + access.backoffSlot * (drawn - 1), "\(restart)")
        // A frame that began while the air was still taken counts nothing down.
        var other = ChannelAccess(timing: timing, now: .zero, seed: seed)
        other.reserve(until: firstEnd, heardFrom: Self.later, due: nil)
        _ = other.start(due: due, now: due)
        other.reserve(until: secondEnd, heardFrom: firstEnd - .microseconds(10), due: due)
        #expect(other.start(due: due, now: secondEnd) == secondEnd + access.backoffSlot * drawn)
        // A frame after the backoff would have run out leaves none.
        var late = ChannelAccess(timing: timing, now: .zero, seed: seed)
        late.reserve(until: firstEnd, heardFrom: Self.later, due: nil)
        _ = late.start(due: due, now: due)
        late.reserve(until: secondEnd, heardFrom: firstEnd + access.backoffSlot * (drawn + 2), due: due)
        #expect(late.start(due: due, now: secondEnd) == secondEnd)
    }

    @Test("starting a round clears the backoff and reserves the air until the round's end")
    func started() {
        var access = access(seed: 3)
        access.reserve(until: Self.later + .milliseconds(3), heardFrom: Self.later, due: nil)
        let start = access.start(due: Self.later, now: Self.later)
        access.started(holdingUntil: start + .milliseconds(2))
        #expect(access.busyUntil == start + .milliseconds(2))
        // The next round, due on a free air, starts at once.
        let next = start + .milliseconds(100)
        #expect(access.start(due: next, now: next) == next)
    }

    @Test("after a round nobody answered the next start waits a backoff of 0 to 63 slots even on a free air, however many collisions came before")
    func collisionsBackOff() {
        // The largest draw over many seeds after n unanswered rounds in a row, per n.
        var largest = Array(repeating: 0, count: 8)
        var positive = 0
        for seed in UInt64(0)..<300 {
            var access = access(seed: seed)
            var time = Self.later
            for failures in 1...7 {
                // The round ended a quiet gap before the next is due, so only the backoff delays it.
                access.roundEnded(answered: false, at: time - access.quietGap)
                let start = access.start(due: time, now: time)
                let drawn = slots(start - time, of: access)
                #expect((0..<ChannelAccess.window).contains(drawn), "seed \(seed), \(failures) failures: \(drawn) slots")
                largest[failures] = max(largest[failures], drawn)
                if failures == 1, drawn > 0 {
                    positive += 1
                }
                // Asked again, the same backoff holds.
                #expect(access.start(due: time, now: time + .microseconds(100)) == start)
                access.started(holdingUntil: start + .milliseconds(1))
                time = start + .milliseconds(100)
            }
        }
        #expect(positive > 280, "most first backoffs after a collision are not zero: \(positive) of 300")
        for failures in 1...7 {
            // The window neither grows nor shrinks: its top slots are drawn at every level, never beyond.
            #expect(largest[failures] >= ChannelAccess.window - 2, "\(failures) failures: largest \(largest[failures])")
        }
    }

    @Test("an answered round leaves no backoff: the next round due on a free air starts at once, one due on a reserved air draws from the same window")
    func answeredRound() {
        for seed in UInt64(0)..<200 {
            var access = access(seed: seed)
            var time = Self.later
            for _ in 0..<5 {
                access.roundEnded(answered: false, at: time - access.quietGap)
                let start = access.start(due: time, now: time)
                access.started(holdingUntil: start + .milliseconds(1))
                time = start + .milliseconds(100)
            }
            access.roundEnded(answered: true, at: time - access.quietGap)
            // On a free air: at once, no backoff.
            #expect(access.start(due: time, now: time) == time)
            access.started(holdingUntil: time + .milliseconds(1))
            // On a reserved air: a backoff from the window.
            let end = time + .milliseconds(50)
            access.reserve(until: end, heardFrom: time + .milliseconds(10), due: nil)
            let due = time + .milliseconds(20)
            let drawn = slots(access.start(due: due, now: due) - end, of: access)
            #expect((0..<ChannelAccess.window).contains(drawn), "seed \(seed): \(drawn) slots")
        }
    }

    @Test("the same seed gives the same draws; another seed others")
    func deterministic() {
        func starts(seed: UInt64) -> [Duration] {
            var access = access(seed: seed)
            var time = Self.later
            var starts: [Duration] = []
            for round in 0..<12 {
                if round.isMultiple(of: 3) {
                    access.reserve(until: time + .milliseconds(2), heardFrom: time, due: nil)
                } else {
                    access.roundEnded(answered: round.isMultiple(of: 2), at: time)
                }
                let due = time + .milliseconds(1)
                let start = access.start(due: due, now: due)
                starts.append(start)
                access.started(holdingUntil: start + .milliseconds(1))
                time = start + .milliseconds(100)
            }
            return starts
        }
        #expect(starts(seed: 42) == starts(seed: 42))
        #expect(starts(seed: 42) != starts(seed: 43))
    }

    @Test("after its own round the device counts the air taken for a quiet gap: it heard nobody while it ranged")
    func quietGapAfterOwnRound() {
        var access = access()
        let start = access.start(due: Self.later, now: Self.later)
        access.started(holdingUntil: start + .milliseconds(5))
        let end = start + .milliseconds(3)
        access.roundEnded(answered: true, at: end)
        #expect(access.busyUntil == end + access.quietGap, "the own reservation ends with the round; a quiet gap follows")
        // A round due within that gap waits for it and a backoff.
        let due = end + .microseconds(10)
        let next = access.start(due: due, now: due)
        #expect(next >= end + access.quietGap)
        #expect((0..<ChannelAccess.window).contains(slots(next - (end + access.quietGap), of: access)))
    }
}
