import Testing
import UWBCore
import UWBRanging

/// Airtimes and delays computed from ``RadioConfig``'s formula, for checking the schedule against
/// values it did not compute itself.
enum HandTiming {
    static let timing = RoundFixtures.timing
    static let configuration = RadioConfig.ranging

    /// `duration` in device ticks, rounded up.
    static func ticks(_ duration: Duration) -> DeviceDuration {
        DeviceDuration(ticks: Int64((duration.secondsValue * DeviceClock.ticksPerSecond).rounded(.up)))
    }

    /// The airtime of a frame of `octets` octets on the air (FCS included), in ticks rounded up.
    static func airtime(octets: Int) -> DeviceDuration {
        ticks(configuration.airtime(frameLength: octets))
    }

    /// The preamble and SFD before a frame's RMARKER, in ticks rounded up.
    static var header: DeviceDuration {
        ticks(configuration.synchronisationHeaderDuration)
    }

    /// The slot spacing: reply delay plus listening margin.
    static var slot: DeviceDuration {
        timing.replyDelay + timing.listenMargin
    }

    /// The first time on the DW1000's 512-tick delayed-TX grid at or after `time`.
    static func grid(_ time: DeviceTime) -> DeviceTime {
        DeviceTime(wrapping: (time.ticks + 511) / 512 * 512)
    }
}

/// ``GroupRoundSchedule`` against the formulas of its documentation, at the emulator timing.
@Suite("GroupRoundSchedule: when each frame of a group round goes on the air")
struct GroupRoundScheduleTests {
    typealias H = HandTiming
    let timing = RoundFixtures.timing

    @Test("a slot is the reply delay plus the listening margin (303 µs on the emulator)")
    func slot() {
        #expect(timing.slotSpacing == timing.replyDelay + timing.listenMargin)
        for responders in [1, 2, 7, 9] {
            #expect(GroupRoundSchedule(responders: responders, timing: timing).slot == timing.replyDelay + timing.listenMargin)
        }
        let microseconds = H.slot.seconds * 1e6
        #expect(abs(microseconds - 303) < 1e-4, "\(microseconds) µs")
    }

    @Test("up to two responders the secured group POLL (47 octets at most) needs no longer gap than the reply delay")
    func smallGroupsKeepTheReplyDelay() {
        for responders in 1...2 {
            let schedule = GroupRoundSchedule(responders: responders, timing: timing)
            #expect(schedule.pollGap == timing.replyDelay, "\(responders) responders")
            #expect(schedule.responders == responders)
        }
        // The secured group FINAL outgrows a secured REPORT (53 octets) from two slots on (57 octets).
        #expect(GroupRoundSchedule(responders: 1, timing: timing).reportGap == timing.replyDelay)
        #expect(GroupRoundSchedule(responders: 2, timing: timing).reportGap > timing.replyDelay)
        #expect(GroupRoundSchedule(responders: 3, timing: timing).pollGap > timing.replyDelay)
    }

    @Test("the gaps grow by the excess airtime of the secured group frame over a 53-octet frame, rounded up to a whole µs")
    func gapsGrowWithTheGroup() {
        for responders in 1...9 {
            let schedule = GroupRoundSchedule(responders: responders, timing: timing)
            let poll = 37 + 10 * (responders - 1)  // secured group POLL, FCS included
            let final = 48 + 9 * (responders - 1)  // longest secured group FINAL
            #expect(abs((schedule.pollGap - expectedGap(afterFrameOf: poll)).ticks) <= 1, "POLL, \(responders) responders")
            #expect(abs((schedule.reportGap - expectedGap(afterFrameOf: final)).ticks) <= 1, "FINAL, \(responders) responders")
        }
    }

    @Test("for 9 responders the POLL gap exceeds the reply delay by airtime(117) − airtime(53) rounded up to a µs: 76 µs")
    func nine() {
        let schedule = GroupRoundSchedule(responders: 9, timing: timing)
        let excess = H.configuration.airtime(frameLength: 117) - H.configuration.airtime(frameLength: 53)
        let rounded = Duration.microseconds((excess.secondsValue * 1e6).rounded(.up))
        #expect(rounded == .microseconds(76))
        #expect(abs((schedule.pollGap - timing.replyDelay - H.ticks(rounded)).ticks) <= 1)
        // The full secured group FINAL is 120 octets: 79 µs more.
        #expect(abs((schedule.reportGap - timing.replyDelay - H.ticks(.microseconds(79))).ticks) <= 1)
    }

    @Test("FINAL follows POLL by pollGap, k − 1 slots and a reply delay; each slot's RESPONSE and REPORT one slot after the previous")
    func offsets() {
        for responders in 1...9 {
            let schedule = GroupRoundSchedule(responders: responders, timing: timing)
            let lastSlot = H.slot * Int64(responders - 1)
            #expect(schedule.finalOffset == schedule.pollGap + lastSlot + timing.replyDelay, "\(responders) responders")
            for slot in 0..<responders {
                #expect(schedule.responseOffset(slot: slot) == schedule.pollGap + H.slot * Int64(slot))
                #expect(schedule.reportOffset(slot: slot) == schedule.reportGap + H.slot * Int64(slot))
            }
            // FINAL comes one reply delay after the last slot's RESPONSE.
            #expect(schedule.finalOffset - schedule.responseOffset(slot: responders - 1) == timing.replyDelay)
        }
    }

    @Test("the round ends with the last slot's REPORT: its RMARKER plus the REPORT's airtime after its preamble")
    func end() {
        let reportTail = H.airtime(octets: 53) - H.header
        for responders in [1, 2, 3, 8, 9] {
            let schedule = GroupRoundSchedule(responders: responders, timing: timing)
            let lastReport = schedule.reportOffset(slot: responders - 1)
            #expect(schedule.endAfterFinal == lastReport + reportTail, "\(responders) responders")
            #expect(schedule.endAfterPoll == schedule.finalOffset + lastReport + reportTail)
            let air = schedule.airtime(configuration: .ranging)
            let expected = H.configuration.synchronisationHeaderDuration + (schedule.finalOffset + lastReport + reportTail).duration
            #expect(abs((air - expected).secondsValue) < 1e-12)
        }
        // One responder: three reply delays, as a two-party round.
        let single = GroupRoundSchedule(responders: 1, timing: timing)
        #expect(single.endAfterPoll == timing.replyDelay * 3 + reportTail)
    }

    @Test("a schedule for no responders is the schedule for one")
    func atLeastOne() {
        #expect(GroupRoundSchedule(responders: 0, timing: timing) == GroupRoundSchedule(responders: 1, timing: timing))
        #expect(GroupRoundSchedule(responders: -3, timing: timing).responders == 1)
    }

    @Test("over USB the gaps grow by the same whole microseconds")
    func usb() {
        let usb = RangingTiming.usb(for: .ranging)
        let schedule = GroupRoundSchedule(responders: 9, timing: usb)
        #expect(schedule.slot == usb.replyDelay + usb.listenMargin)
        #expect(abs((schedule.pollGap - usb.replyDelay - H.ticks(.microseconds(76))).ticks) <= 1)
        #expect(GroupRoundSchedule(responders: 2, timing: usb).pollGap == usb.replyDelay)
    }

    /// The reply delay, plus the airtime a frame of `octets` outlasts a 53-octet one (a secured
    /// REPORT) by, in whole microseconds rounded up.
    func expectedGap(afterFrameOf octets: Int) -> DeviceDuration {
        let excess = H.configuration.airtime(frameLength: octets) - H.configuration.airtime(frameLength: 53)
        guard excess > .zero else { return timing.replyDelay }
        return timing.replyDelay + H.ticks(.microseconds((excess.secondsValue * 1e6).rounded(.up)))
    }
}
