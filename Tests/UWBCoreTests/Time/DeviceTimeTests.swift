import Testing
@testable import UWBCore

@Suite("DeviceTime: 40-bit wrap-around clock readings")
struct DeviceTimeTests {
    @Test("one tick is 1/(128 x 499.2 MHz) = 15.650040 ps, not 1/64 ns")
    func tickLength() throws {
        let tick = DeviceDuration(ticks: 1)
        #expect(abs(tick.seconds - 15.650040e-12) < 1e-18)
        #expect(abs(tick.seconds - 1e-9 / 64) > 1e-14)
        // c x 15.650040 ps = 4.69176 mm (`Docs/reference/uwb-physics.md` §7).
        #expect(abs(tick.lightTravelDistance.metres - 0.00469176) < 1e-8)
    }

    @Test("the maximum plus one tick is zero")
    func maximumPlusOneIsZero() {
        #expect(DeviceTime.max + DeviceDuration(ticks: 1) == .zero)
        #expect(DeviceTime.max.ticks == 0xFF_FFFF_FFFF)
    }

    @Test("zero minus one tick is the maximum")
    func zeroMinusOneIsMaximum() {
        #expect(DeviceTime.zero - DeviceDuration(ticks: 1) == .max)
    }

    @Test("the wrap period is 2^40 ticks, about 17.2074 s")
    func wrapPeriod() {
        #expect(abs(DeviceClock.wrapPeriod.seconds - 17.2074) < 0.0001)
    }

    @Test("differences across the wrap are small and signed")
    func differenceAcrossWrap() throws {
        let before = try DeviceTime(ticks: 0xFF_FFFF_FF00)
        let after = try DeviceTime(ticks: 0x00_0000_0100)
        #expect(after.elapsed(since: before) == DeviceDuration(ticks: 0x200))
        #expect(after - before == DeviceDuration(ticks: 0x200))
        #expect(before - after == DeviceDuration(ticks: -0x200))
        #expect(before + DeviceDuration(ticks: 0x200) == after)
        #expect(after - DeviceDuration(ticks: 0x200) == before)
    }

    @Test("forward elapsed time is never negative")
    func elapsedIsForward() throws {
        let earlier = try DeviceTime(ticks: 1000)
        let later = try DeviceTime(ticks: 999)
        #expect(later.elapsed(since: earlier).ticks == (1 << 40) - 1)
    }

    @Test("the signed difference is the nearest of the two ways round")
    func signedDifferenceAtHalfPeriod() throws {
        let half = Int64(1) << 39
        let a = DeviceTime.zero
        let b = DeviceTime(wrapping: UInt64(half))
        #expect(b - a == DeviceDuration(ticks: half))
        #expect(a - b == DeviceDuration(ticks: half))
        let c = DeviceTime(wrapping: UInt64(half + 1))
        #expect(c - a == DeviceDuration(ticks: -(half - 1)))
    }

    @Test("values beyond 40 bits are rejected, not truncated")
    func outOfRangeRejected() {
        #expect(throws: DeviceTimeError.outOfRange(1 << 40)) { try DeviceTime(ticks: 1 << 40) }
        #expect(DeviceTime(wrapping: (1 << 40) + 5).ticks == 5)
    }

    @Test("register octets are little-endian, 5 of them")
    func littleEndianOctets() throws {
        let time = try DeviceTime(littleEndianOctets: [0x05, 0x04, 0x03, 0x02, 0x01])
        #expect(time.ticks == 0x01_0203_0405)
        #expect(time.littleEndianOctets == [0x05, 0x04, 0x03, 0x02, 0x01])
        #expect(throws: DeviceTimeError.wrongOctetCount(4)) { try DeviceTime(littleEndianOctets: [1, 2, 3, 4]) }
    }

    @Test("error messages say what to do")
    func errorMessages() {
        #expect(DeviceTimeError.outOfRange(1 << 41).description.contains("wrapping"))
        #expect(DeviceTimeError.wrongOctetCount(3).description.contains("5 octets"))
    }
}
