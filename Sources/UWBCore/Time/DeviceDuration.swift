/// A signed span of device-clock ticks (1 tick = 1/(128 × 499.2 MHz) ≈ 15.65 ps).
///
/// Unlike ``DeviceTime``, spans are ordered and can be negative.
public struct DeviceDuration: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The span in ticks.
    public var ticks: Int64

    /// A span of `ticks` ticks.
    public init(ticks: Int64) {
        self.ticks = ticks
    }

    /// The span closest to `seconds`, rounded to the nearest tick.
    ///
    /// - Throws: ``DeviceDurationError/notRepresentable(seconds:)`` if `seconds` is not finite
    ///   or needs more than 63 bits of ticks.
    public init(seconds: Double) throws(DeviceDurationError) {
        let ticks = (seconds * DeviceClock.ticksPerSecond).rounded()
        guard ticks.isFinite, let exact = Int64(exactly: ticks) else {
            throw .notRepresentable(seconds: seconds)
        }
        self.ticks = exact
    }

    /// A span of `value` microseconds, rounded to the nearest tick.
    ///
    /// - Throws: ``DeviceDurationError/notRepresentable(seconds:)`` as ``init(seconds:)``.
    public static func microseconds(_ value: Double) throws(DeviceDurationError) -> DeviceDuration {
        try DeviceDuration(seconds: value / 1_000_000)
    }

    /// A span of `value` milliseconds, rounded to the nearest tick.
    ///
    /// - Throws: ``DeviceDurationError/notRepresentable(seconds:)`` as ``init(seconds:)``.
    public static func milliseconds(_ value: Double) throws(DeviceDurationError) -> DeviceDuration {
        try DeviceDuration(seconds: value / 1_000)
    }

    /// No time.
    public static let zero = DeviceDuration(ticks: 0)

    /// The span in seconds.
    public var seconds: Double { Double(ticks) / DeviceClock.ticksPerSecond }

    /// How far light travels in vacuum during this span (4.6918 mm per tick).
    public var lightTravelDistance: Distance {
        Distance(metres: seconds * PhysicalConstants.speedOfLight.metresPerSecond)
    }

    /// The span as a standard-library `Duration`, to the nearest attosecond.
    public var duration: Duration { .seconds(seconds) }

    /// Orders spans from most negative to most positive.
    public static func < (lhs: DeviceDuration, rhs: DeviceDuration) -> Bool { lhs.ticks < rhs.ticks }

    /// The sum of two spans (wrapping on Int64 overflow, which needs spans of about 4.6 years).
    public static func + (lhs: DeviceDuration, rhs: DeviceDuration) -> DeviceDuration { DeviceDuration(ticks: lhs.ticks &+ rhs.ticks) }

    /// The difference of two spans.
    public static func - (lhs: DeviceDuration, rhs: DeviceDuration) -> DeviceDuration { DeviceDuration(ticks: lhs.ticks &- rhs.ticks) }

    /// The span `count` times over (wrapping on Int64 overflow).
    public static func * (lhs: DeviceDuration, count: Int64) -> DeviceDuration { DeviceDuration(ticks: lhs.ticks &* count) }

    /// The opposite span.
    public static prefix func - (value: DeviceDuration) -> DeviceDuration { DeviceDuration(ticks: 0 &- value.ticks) }

    /// The span in ticks and seconds, for example `63898 ticks (1.000 µs)`.
    public var description: String {
        "\(ticks) ticks (\(formatted(seconds * 1_000_000, decimals: 3)) µs)"
    }
}
