/// An instant on the emulated world's global clock: picoseconds since the start of the run.
///
/// One picosecond is 0.3 mm of light travel, far finer than the DW1000's 15.65 ps tick, so
/// rounding propagation delays to it changes no timestamp by more than a fraction of a tick.
public struct SimulationTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Picoseconds since the start of the run.
    public var picoseconds: Int64

    /// The instant `picoseconds` after the start.
    public init(picoseconds: Int64) {
        self.picoseconds = picoseconds
    }

    /// The instant `seconds` after the start, rounded to the picosecond.
    public init(seconds: Double) {
        self.picoseconds = Int64((seconds * 1e12).rounded())
    }

    /// The first instant at or after `duration` from the start: a deadline between two picoseconds
    /// comes at the later one, so that whoever waits for it finds it passed.
    public init(notBefore duration: Duration) {
        let whole = duration.picoseconds
        self.picoseconds = SimulationTime(picoseconds: whole) - .zero < duration ? whole + 1 : whole
    }

    /// The start of the run.
    public static let zero = SimulationTime(picoseconds: 0)

    /// Seconds since the start.
    public var seconds: Double { Double(picoseconds) / 1e12 }

    /// The instant `duration` later.
    public static func + (time: SimulationTime, duration: Duration) -> SimulationTime {
        SimulationTime(picoseconds: time.picoseconds + duration.picoseconds)
    }

    /// The span between two instants.
    public static func - (lhs: SimulationTime, rhs: SimulationTime) -> Duration {
        let span = lhs.picoseconds - rhs.picoseconds
        return Duration(
            secondsComponent: span / 1_000_000_000_000,
            attosecondsComponent: (span % 1_000_000_000_000) * 1_000_000)
    }

    /// Orders instants.
    public static func < (lhs: SimulationTime, rhs: SimulationTime) -> Bool { lhs.picoseconds < rhs.picoseconds }

    /// Seconds with microsecond precision, for example `1.250000 s`.
    public var description: String {
        let micros = picoseconds / 1_000_000
        let whole = micros / 1_000_000
        let fraction = abs(micros % 1_000_000)
        return "\(whole).\(String(repeating: "0", count: 6 - String(fraction).count))\(fraction) s"
    }
}

extension Duration {
    /// The duration in picoseconds, truncated toward zero.
    var picoseconds: Int64 {
        #if compiler(>=6.2)
        // The attoseconds as one 128-bit count (Swift 6.2): the same value as from the components
        // below, without the two 128-bit divisions by 10¹⁸ that `components` makes.
        Int64(attoseconds / 1_000_000)
        #else
        components.seconds * 1_000_000_000_000 + components.attoseconds / 1_000_000
        #endif
    }
}
