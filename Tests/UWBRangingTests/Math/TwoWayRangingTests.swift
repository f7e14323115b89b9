import Testing
import UWBCore
@testable import UWBRanging

/// Analytic tests of the two-way ranging formulas. Clock model: a clock with fractional error e counts
/// (1 + e) ticks per true tick.
@Suite struct TwoWayRangingTests {
    /// Six timestamps from the four local spans and the two clocks' starting readings.
    static func round(initiatorStart: UInt64, responderStart: UInt64, ra: UInt64, db: UInt64, da: UInt64, rb: UInt64) -> RoundTimestamps {
        let pollTx = DeviceTime(wrapping: initiatorStart)
        let pollRx = DeviceTime(wrapping: responderStart)
        let responseTx = DeviceTime(wrapping: responderStart &+ db)
        let responseRx = DeviceTime(wrapping: initiatorStart &+ ra)
        let finalTx = DeviceTime(wrapping: initiatorStart &+ ra &+ da)
        let finalRx = DeviceTime(wrapping: responderStart &+ db &+ rb)
        return RoundTimestamps(
            pollTransmitted: pollTx, pollReceived: pollRx, responseTransmitted: responseTx,
            responseReceived: responseRx, finalTransmitted: finalTx, finalReceived: finalRx)
    }

    @Test func doubleSidedWithEqualClocksIsExact() throws {
        // ToF τ = 2131 ticks (9.998 m); replies 0.5 ms (31 948 800 ticks) and 3 ms (191 692 800 ticks).
        // Ra = 2τ + Db, Rb = 2τ + Da ⇒ (Ra·Rb − Da·Db)/(Ra+Rb+Da+Db) = 2τ(2τ + Da + Db)/(2(2τ + Da + Db)) = τ.
        let tau: UInt64 = 2131
        let t = Self.round(initiatorStart: 1_000, responderStart: 987_654_321, ra: 2 * tau + 31_948_800, db: 31_948_800, da: 191_692_800, rb: 2 * tau + 191_692_800)
        let tof = try TwoWayRanging.doubleSided(t)
        #expect(tof.ticks == 2131)
        #expect(abs(tof.distance.metres - 2131 * 299_792_458 / 63_897_600_000) < 1e-12)
    }

    /// Exact integer timestamps for clocks at eA and eB = ±20 ppm: a = 1 + eA = 50001/50000 and
    /// b = 1 + eB = 49999/50000 (or swapped). With local replies Db = n1 (responder) and Da = n2 (initiator),
    /// the local rounds are Ra = a(2τ + n1/b) and Rb = b(2τ + n2/a). Choosing Ra = 50000a·k − n2 and
    /// Rb = 50000b·k − n1 makes both integers, with 2τ = 50000·k − n1/b − n2/a true ticks (n1 is picked
    /// so that τ ≈ 2131 ticks, 10 m). Then Ra·Rb − Da·Db = ab·2τ(2τ + n1/b + n2/a)… and the asymmetric
    /// formula gives exactly τ·2ab/(a + b) = τ(1 − eA²) = τ·(1 − 4·10⁻¹⁰): within 10⁻⁶ tick of τ.
    @Test(arguments: [false, true])
    func doubleSidedCancelsTwentyPPMClocks(swapped: Bool) throws {
        let k: UInt64 = 4474                 // 50000·k ticks ≈ 3.5 ms, the whole exchange
        let n2: UInt64 = 191_692_800         // 3 ms initiator reply
        let (fastA, fastB): (UInt64, UInt64) = swapped ? (49_999, 50_001) : (50_001, 49_999)
        let a = Double(fastA) / 50_000
        let b = Double(fastB) / 50_000
        let n1 = UInt64((b * (50_000 * Double(k) - Double(n2) / a - 2 * 2131)).rounded())  // ≈ 0.5 ms reply
        let tau = (50_000 * Double(k) - Double(n1) / b - Double(n2) / a) / 2
        #expect(abs(tau - 2131) < 1)
        let t = Self.round(initiatorStart: 77, responderStart: 5_000_000_000, ra: fastA * k - n2, db: n1, da: n2, rb: fastB * k - n1)
        let tof = try TwoWayRanging.doubleSided(t)
        #expect(abs(tof.ticks - tau) < 0.01)
        // The symmetric formula (Ra − Db + Rb − Da)/4 is off by about ¼(eA − eB)(Db − Da) ≈ ±1597 ticks (7.5 m).
        let symmetric = (Double(fastA * k - n2) - Double(n1) + Double(fastB * k - n1) - Double(n2)) / 4
        #expect(abs(abs(symmetric - tau) - 1597) < 2)
    }

    @Test func doubleSidedAcrossTheFortyBitWrap() throws {
        // Same round as the equal-clock test, with both clocks starting just before 2⁴⁰: every span wraps.
        let tau: UInt64 = 2131
        let start = DeviceClock.modulus - 1_000
        let t = Self.round(initiatorStart: start, responderStart: start + 500, ra: 2 * tau + 31_948_800, db: 31_948_800, da: 191_692_800, rb: 2 * tau + 191_692_800)
        #expect(t.finalTransmitted.ticks < t.pollTransmitted.ticks)
        #expect(try TwoWayRanging.doubleSided(t).ticks == 2131)
    }

    @Test func doubleSidedResultKeepsTheFraction() throws {
        // Ra = 5, Rb = 4, Da = 3, Db = 2: (20 − 6)/14 = 1 exactly; Ra = 6: (24 − 6)/15 = 1.2.
        let t = Self.round(initiatorStart: 0, responderStart: 0, ra: 6, db: 2, da: 3, rb: 4)
        #expect(abs(try TwoWayRanging.doubleSided(t).ticks - 1.2) < 1e-15)
    }

    @Test func singleSidedUncorrectedErrorIsHalfTheOffsetTimesTheReply() throws {
        // True ToF τ = 2131 ticks, true reply T = 3 ms = 191 692 800 ticks, eA = +20 ppm, eB = −20 ppm.
        // Ra = (2τ + T)(1 + eA), Db = T(1 + eB) ⇒ (Ra − Db)/2 = τ(1 + eA) + ½(eA − eB)·T
        // = τ + 0.04262 + 3833.856 ticks (≈ 18 m); rounding Ra and Db to ticks adds at most 0.5.
        let tau = 2131.0
        let reply = 191_692_800.0
        let (eA, eB) = (20e-6, -20e-6)
        let ra = UInt64(((2 * tau + reply) * (1 + eA)).rounded())
        let db = UInt64((reply * (1 + eB)).rounded())
        let tof = try TwoWayRanging.singleSided(
            pollTransmitted: DeviceTime(wrapping: 10), responseReceived: DeviceTime(wrapping: 10 + ra),
            pollReceived: DeviceTime(wrapping: 99), responseTransmitted: DeviceTime(wrapping: 99 + db), responderClockOffset: nil)
        let expected = tau * (1 + eA) + 0.5 * (eA - eB) * reply
        #expect(abs(expected - tau - 3833.9) < 0.01)
        #expect(abs(tof.ticks - expected) <= 0.5)
    }

    @Test func singleSidedCorrectedRemovesTheClockError() throws {
        // Same exchange. The initiator measures the responder's offset e = (1 + eB)/(1 + eA) − 1 ≈ −40 ppm.
        // Db/(1 + e) = T(1 + eA), so (Ra − Db/(1 + e))/2 = τ(1 + eA) = τ + 0.043 ticks, ± 0.5 from rounding.
        let tau = 2131.0
        let reply = 191_692_800.0
        let (eA, eB) = (20e-6, -20e-6)
        let ra = UInt64(((2 * tau + reply) * (1 + eA)).rounded())
        let db = UInt64((reply * (1 + eB)).rounded())
        let offset = ClockOffset(partsPerMillion: ((1 + eB) / (1 + eA) - 1) * 1e6)
        let tof = try TwoWayRanging.singleSided(
            pollTransmitted: DeviceTime(wrapping: 10), responseReceived: DeviceTime(wrapping: 10 + ra),
            pollReceived: DeviceTime(wrapping: 99), responseTransmitted: DeviceTime(wrapping: 99 + db), responderClockOffset: offset)
        #expect(abs(tof.ticks - tau) <= 0.6)
    }

    @Test func spanAboveTwoToTheThirtyNineIsRefused() {
        // responseReceived 5 ticks *before* pollTransmitted: the forward span is 2⁴⁰ − 5.
        let t = RoundTimestamps(
            pollTransmitted: DeviceTime(wrapping: 100), pollReceived: .zero, responseTransmitted: DeviceTime(wrapping: 10),
            responseReceived: DeviceTime(wrapping: 95), finalTransmitted: DeviceTime(wrapping: 200), finalReceived: DeviceTime(wrapping: 300))
        #expect(throws: RangingError.intervalTooLong(span: "Ra (responseReceived − pollTransmitted)", ticks: Int64(DeviceClock.modulus) - 5)) {
            try TwoWayRanging.doubleSided(t)
        }
    }

    @Test func replyLongerThanRoundIsRefused() {
        // Db exceeds Ra by 1 000 000 ticks, far beyond 100 ppm of Db (3195) plus 426 ticks.
        let t = Self.round(initiatorStart: 0, responderStart: 0, ra: 31_948_800, db: 32_948_800, da: 100, rb: 200)
        #expect(throws: RangingError.replyLongerThanRound(reply: "Db", replyTicks: 32_948_800, round: "Ra", roundTicks: 31_948_800)) {
            try TwoWayRanging.doubleSided(t)
        }
        #expect(throws: RangingError.self) {
            try TwoWayRanging.singleSided(
                pollTransmitted: .zero, responseReceived: DeviceTime(wrapping: 31_948_800), pollReceived: .zero,
                responseTransmitted: DeviceTime(wrapping: 32_948_800), responderClockOffset: nil)
        }
    }

    @Test func allZeroSpansAreDegenerate() {
        let t = Self.round(initiatorStart: 5, responderStart: 7, ra: 0, db: 0, da: 0, rb: 0)
        #expect(throws: RangingError.degenerate) { try TwoWayRanging.doubleSided(t) }
    }

    @Test func clearlyNegativeTimeOfFlightIsRefused() {
        // Ra = Db − 1000, Rb = Da: ToF = −1000·Da/(2(Da + Db) − 1000) ≈ −428 ticks < −213.
        let db: UInt64 = 31_948_800
        let da: UInt64 = 191_692_800
        let t = Self.round(initiatorStart: 0, responderStart: 0, ra: db - 1_000, db: db, da: da, rb: da)
        #expect {
            try TwoWayRanging.doubleSided(t)
        } throws: { error in
            guard case .negativeTimeOfFlight(let tof) = error as? RangingError else { return false }
            return abs(tof.ticks + 1000 * Double(da) / Double(2 * (da + db) - 1000)) < 1e-6
        }
    }

    @Test func slightlyNegativeTimeOfFlightIsKept() throws {
        // Ra = Db − 100, Rb = Da: ≈ −43 ticks (−20 cm), within the 213-tick tolerance.
        let t = Self.round(initiatorStart: 0, responderStart: 0, ra: 31_948_700, db: 31_948_800, da: 191_692_800, rb: 191_692_800)
        let tof = try TwoWayRanging.doubleSided(t)
        #expect(tof.ticks < -40 && tof.ticks > -45)
    }

    @Test func implausibleClockOffsetIsRefused() {
        for ppm in [Double.nan, 150, -1e6] {
            #expect {
                try TwoWayRanging.singleSided(
                    pollTransmitted: .zero, responseReceived: DeviceTime(wrapping: 1_004_262), pollReceived: .zero,
                    responseTransmitted: DeviceTime(wrapping: 1_000_000), responderClockOffset: ClockOffset(partsPerMillion: ppm))
            } throws: { error in
                guard case .invalidClockOffset = error as? RangingError else { return false }
                return true
            }
        }
    }

    @Test func errorsDescribeWhatToDo() {
        #expect(RangingError.degenerate.description.contains("zero"))
        #expect(RangingError.intervalTooLong(span: "Ra", ticks: 1 << 40).description.contains("one round"))
    }

    @Test func timeOfFlightUnits() {
        let tof = TimeOfFlight(ticks: 63_897.6)  // 1 µs
        #expect(abs(tof.duration.secondsValue - 1e-6) < 1e-15)
        #expect(abs(tof.distance.metres - 299.792458) < 1e-9)
    }
}
