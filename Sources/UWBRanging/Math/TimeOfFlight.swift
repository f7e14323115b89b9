import UWBCore

/// A one-way time of flight, as two-way ranging measures it: a fractional number of device ticks
/// (1 tick = 1/(128 × 499.2 MHz) ≈ 15.65 ps, ``DeviceClock/ticksPerSecond``).
///
/// Ranging formulas divide exact integer spans, so their result carries a fraction of a tick;
/// keeping it avoids a 4.7 mm quantisation step in the distance.
public struct TimeOfFlight: Hashable, Sendable, CustomStringConvertible {
    /// The time of flight in device ticks; negative only within ``TwoWayRanging/negativeTolerance``.
    public var ticks: Double

    /// A time of flight of `ticks` device ticks.
    public init(ticks: Double) {
        self.ticks = ticks
    }

    /// The time of flight as a standard-library `Duration`.
    public var duration: Duration { .seconds(ticks / DeviceClock.ticksPerSecond) }

    /// The distance light travels in this time: c · ticks / 63.8976 GHz (4.6918 mm per tick).
    public var distance: Distance {
        Distance(metres: ticks / DeviceClock.ticksPerSecond * PhysicalConstants.speedOfLight.metresPerSecond)
    }

    /// The time in ticks and as a distance, for example `2131.40 ticks (10.000 m)`.
    public var description: String {
        "\((ticks * 100).rounded() / 100) ticks (\(distance))"
    }
}
