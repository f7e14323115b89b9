import UWBCore

/// Time-of-flight formulas of two-way ranging (`Docs/reference/uwb-physics.md` §2.1).
///
/// Spans are forward differences of 40-bit timestamps (``DeviceTime/elapsed(since:)``), so a counter
/// wrap between two stamps is harmless. Names follow Decawave's ex_05b: Ra = responseRx − pollTx and
/// Da = finalTx − responseRx on the initiator's clock, Db = responseTx − pollRx and Rb = finalRx − responseTx
/// on the responder's clock. Inputs that cannot come from one exchange throw ``RangingError``.
public enum TwoWayRanging {
    /// The longest span a formula accepts: 2³⁹ ticks (≈ 8.6 s, half the counter period). Real ranging
    /// spans last milliseconds; a longer forward span means a stamp went backwards or a wrap was missed.
    public static let maximumSpan = DeviceDuration(ticks: 1 << 39)

    /// How negative a time of flight may be before it is an error: 213 ticks (≈ 1 m of range).
    /// Antenna-delay miscalibration (1 tick = 4.7 mm, tens of ticks typical before calibration) and
    /// timestamp noise (σ ≈ 2–10 cm) make small negative values legitimate at short range; a metre is
    /// far beyond both.
    public static let negativeTolerance = DeviceDuration(ticks: 213)

    /// The largest plausible offset between two crystals: 100 ppm. Crystals are specified at ±20 ppm
    /// each (`Docs/reference/uwb-physics.md` §1.4), so two differ by at most 40 ppm; 100 ppm leaves room for ageing and
    /// temperature while still catching a misread carrier integrator.
    public static let maximumClockOffset = ClockOffset(partsPerMillion: 100)

    /// The asymmetric double-sided time of flight (UM §12.3, APS013):
    /// `(Ra·Rb − Da·Db) / (Ra + Rb + Da + Db)`.
    ///
    /// The products are exact in `Int128` (each span is below 2³⁹, each product below 2⁷⁸); the integer
    /// quotient is exact and only its remainder fraction is rounded, once, to `Double`. The residual clock
    /// error is ToF·(eA + eB)/2 (0.2 mm at 10 m and 20 ppm) and does not depend on the reply times.
    ///
    /// - Throws: ``RangingError/intervalTooLong(span:ticks:)``, ``RangingError/replyLongerThanRound(reply:replyTicks:round:roundTicks:)``,
    ///   ``RangingError/degenerate`` or ``RangingError/negativeTimeOfFlight(_:)``.
    public static func doubleSided(_ t: RoundTimestamps) throws(RangingError) -> TimeOfFlight {
        let ra = try span("Ra (responseReceived − pollTransmitted)", t.responseReceived, since: t.pollTransmitted)
        let db = try span("Db (responseTransmitted − pollReceived)", t.responseTransmitted, since: t.pollReceived)
        let da = try span("Da (finalTransmitted − responseReceived)", t.finalTransmitted, since: t.responseReceived)
        let rb = try span("Rb (finalReceived − responseTransmitted)", t.finalReceived, since: t.responseTransmitted)
        try checkReply(db, name: "Db", within: ra, name: "Ra")
        try checkReply(da, name: "Da", within: rb, name: "Rb")

        let numerator = Int128(ra) * Int128(rb) - Int128(da) * Int128(db)
        let denominator = Int128(ra) + Int128(rb) + Int128(da) + Int128(db)
        guard denominator != 0 else { throw .degenerate }
        let (quotient, remainder) = numerator.quotientAndRemainder(dividingBy: denominator)
        // Ra·Rb ≤ (Ra + Rb)²/4 and Da·Db ≤ (Da + Db)²/4, so the quotient's magnitude is at most a quarter
        // of the denominator, which is below 2⁴¹: quotient, remainder and denominator all fit in Int64, and
        // are converted from there (one instruction each, where Int128's conversion to Double is an
        // unspecialised generic path of thousands).
        let ticks = Double(Int64(truncatingIfNeeded: quotient))
            + Double(Int64(truncatingIfNeeded: remainder)) / Double(Int64(truncatingIfNeeded: denominator))
        return try checked(TimeOfFlight(ticks: ticks))
    }

    /// The single-sided time of flight from POLL and RESPONSE alone.
    ///
    /// Uncorrected (`responderClockOffset` nil) it is `(Ra − Db)/2`, whose error is about
    /// `½·(eA − eB)·Db` (18 m for 40 ppm and 3 ms). With the responder's clock offset `e` relative to the
    /// initiator — what the initiator's carrier integrator reports on RESPONSE (``ReceptionDiagnostics/clockOffset``)
    /// — the reply is converted to the initiator's clock first: `(Ra − Db/(1 + e))/2`. To first order this is
    /// Decawave's `(Ra − Db·(1 − e))/2` (ex_06a); the division also removes the second-order term
    /// (Db·e², 0.3 tick at 3 ms and 40 ppm).
    ///
    /// - Throws: ``RangingError/intervalTooLong(span:ticks:)``, ``RangingError/replyLongerThanRound(reply:replyTicks:round:roundTicks:)``,
    ///   ``RangingError/invalidClockOffset(_:)`` or ``RangingError/negativeTimeOfFlight(_:)``.
    public static func singleSided(
        pollTransmitted: DeviceTime, responseReceived: DeviceTime, pollReceived: DeviceTime,
        responseTransmitted: DeviceTime, responderClockOffset: ClockOffset?
    ) throws(RangingError) -> TimeOfFlight {
        let ra = try span("Ra (responseReceived − pollTransmitted)", responseReceived, since: pollTransmitted)
        let db = try span("Db (responseTransmitted − pollReceived)", responseTransmitted, since: pollReceived)
        try checkReply(db, name: "Db", within: ra, name: "Ra")
        var reply = Double(db)
        if let offset = responderClockOffset {
            guard offset.ratio.isFinite, abs(offset.ratio) <= maximumClockOffset.ratio else {
                throw .invalidClockOffset(offset)
            }
            reply /= 1 + offset.ratio
        }
        return try checked(TimeOfFlight(ticks: (Double(ra) - reply) / 2))
    }

    /// The forward span from `earlier` to `later` in ticks, refused above ``maximumSpan``.
    private static func span(_ name: String, _ later: DeviceTime, since earlier: DeviceTime) throws(RangingError) -> Int64 {
        let ticks = later.elapsed(since: earlier).ticks
        guard ticks <= maximumSpan.ticks else { throw .intervalTooLong(span: name, ticks: ticks) }
        return ticks
    }

    /// Refuses a reply span that cannot fit in the round span enclosing it: the reply, scaled by the
    /// largest clock offset, may exceed the round by at most twice ``negativeTolerance``.
    private static func checkReply(_ reply: Int64, name replyName: String, within round: Int64, name roundName: String) throws(RangingError) {
        let slack = Double(reply) * maximumClockOffset.ratio + Double(2 * negativeTolerance.ticks)
        guard Double(reply) - Double(round) <= slack else {
            throw .replyLongerThanRound(reply: replyName, replyTicks: reply, round: roundName, roundTicks: round)
        }
    }

    /// `timeOfFlight`, unless it is below −``negativeTolerance``.
    private static func checked(_ timeOfFlight: TimeOfFlight) throws(RangingError) -> TimeOfFlight {
        guard timeOfFlight.ticks >= -Double(negativeTolerance.ticks) else { throw .negativeTimeOfFlight(timeOfFlight) }
        return timeOfFlight
    }
}
