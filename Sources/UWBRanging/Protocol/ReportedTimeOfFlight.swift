/// The responder's time of flight as REPORT carries it: a signed count of 1/256 device ticks
/// (about 61 fs, 0.018 mm of distance), up to ±2³¹ of them (about ±32.8 µs).
public struct ReportedTimeOfFlight: Hashable, Sendable {
    /// The value on the air meaning "the responder had no result": `0x7FFFFFFF`.
    public static let noResultRawValue = Int32.max

    /// The time of flight in 1/256 ticks, never ``noResultRawValue``.
    public let rawValue: Int32

    /// Wraps a raw REPORT value; `nil` for ``noResultRawValue``, which means "no result".
    public init?(rawValue: Int32) {
        guard rawValue != Self.noResultRawValue else { return nil }
        self.rawValue = rawValue
    }

    /// The value nearest to `ticks` fractional device ticks; `nil` if it is not finite or does
    /// not fit the 32-bit field.
    public init?(ticks: Double) {
        let scaled = (ticks * 256).rounded()
        guard scaled.isFinite, let raw = Int32(exactly: scaled), raw != Self.noResultRawValue else { return nil }
        rawValue = raw
    }

    /// The time of flight in fractional device ticks.
    public var ticks: Double { Double(rawValue) / 256 }
}

extension ReportedTimeOfFlight {
    /// The double-sided time of flight of a round's six timestamps, as a responder reports it;
    /// `nil` when the timestamps give none.
    public static func doubleSided(_ round: CompletedRound) -> ReportedTimeOfFlight? {
        (try? TwoWayRanging.doubleSided(round.timestamps)).flatMap { ReportedTimeOfFlight(ticks: $0.ticks) }
    }
}
