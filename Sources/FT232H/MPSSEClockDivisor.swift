import UWBCore

/// The MPSSE clock divisor for an SCK frequency, with divide-by-5 off (60 MHz base).
///
/// SCK = 60 MHz / ((1 + divisor) × 2), so 30 MHz at divisor 0 down to about 457.8 Hz at 0xFFFF
/// (`Docs/reference/ftdi-mpsse.md` §4.2, FTDI KB "clkdivisor"). A wanted frequency gets the fastest clock not
/// above it, because a DW1000 fails when clocked faster than its limit, not slower.
public struct MPSSEClockDivisor: Hashable, Sendable, CustomStringConvertible {
    /// The base clock with divide-by-5 off (opcode 0x8A): 60 MHz.
    public static let baseClock = Frequency.megahertz(60)
    /// The fastest SCK: 30 MHz (divisor 0).
    public static let fastestClock = Frequency.megahertz(30)

    /// The value sent with opcode 0x86.
    public let value: UInt16

    /// The divisor `value`.
    public init(value: UInt16) {
        self.value = value
    }

    /// The divisor giving the fastest SCK not above `wanted`.
    ///
    /// - Throws: ``FT232HError/clockNotReachable(_:)`` if `wanted` is below the slowest SCK the
    ///   FT232H makes (≈ 457.8 Hz) or is not a finite positive frequency.
    public init(fastestNotAbove wanted: Frequency) throws(FT232HError) {
        guard wanted.hertz.isFinite, wanted.hertz > 0 else { throw .clockNotReachable(wanted) }
        // 30 MHz / (1 + d) ≤ wanted  ⇔  d ≥ 30 MHz / wanted − 1.
        let smallest = (Self.fastestClock.hertz / wanted.hertz).rounded(.up) - 1
        guard smallest <= Double(UInt16.max) else { throw .clockNotReachable(wanted) }
        value = UInt16(max(0, smallest))
    }

    /// The SCK this divisor gives.
    public var frequency: Frequency {
        Frequency(hertz: Self.fastestClock.hertz / (1 + Double(value)))
    }

    /// The 0x86 command that sets this divisor.
    public var command: MPSSECommand { .setClockDivisor(value) }

    /// For example `14 (2.0 MHz)`.
    public var description: String { "\(value) (\(frequency))" }
}
