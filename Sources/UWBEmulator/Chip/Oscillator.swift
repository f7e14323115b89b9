import UWBCore

/// A board's crystal oscillator: a frequency offset in ppm plus a slow random walk, shared by
/// every chip on the board.
///
/// It maps global simulation time to a continuous count of device ticks (1/(128 × 499.2 MHz)
/// each, nominally). The offset is piecewise constant: every ``driftStep`` it takes a step drawn
/// from N(0, drift·√step) ppm, a random walk whose spread grows with the square root of time,
/// like a crystal's slow wander with temperature.
public final class Oscillator {
    /// How often the random walk takes a step: 1 s, far longer than any ranging exchange, so an
    /// exchange sees a constant frequency as it would on hardware.
    public static let driftStep = SimulationTime(seconds: 1)

    /// The random-walk intensity, in ppm per √second.
    public let drift: Double

    private var random: SeededRandom
    private var segmentStart: SimulationTime = .zero
    private var segmentStartTicks: Double = 0
    private var offset: ClockOffset

    /// An oscillator that starts at `offset` and wanders with `drift` ppm/√s.
    public init(offset: ClockOffset, drift: Double, random: SeededRandom) {
        self.offset = offset
        self.drift = drift
        self.random = random
    }

    /// The frequency offset in force at `time`.
    public func offset(at time: SimulationTime) -> ClockOffset {
        advance(to: time)
        return offset
    }

    /// Ticks counted since the start of the run, at `time`.
    public func ticks(at time: SimulationTime) -> Double {
        advance(to: time)
        return segmentStartTicks + Double(time.picoseconds - segmentStart.picoseconds) * 1e-12 * ticksPerSecond
    }

    /// The global time at which the tick count reaches `ticks`, assuming the current frequency
    /// holds until then (exchanges last milliseconds; the frequency steps once a second).
    public func time(atTicks ticks: Double, after now: SimulationTime) -> SimulationTime {
        advance(to: now)
        let seconds = (ticks - segmentStartTicks) / ticksPerSecond
        return SimulationTime(picoseconds: segmentStart.picoseconds + Int64((seconds * 1e12).rounded(.up)))
    }

    /// How many global seconds `ticks` device ticks last at the frequency in force at `time`.
    public func seconds(forTicks ticks: Double, at time: SimulationTime) -> Double {
        advance(to: time)
        return ticks / ticksPerSecond
    }

    private var ticksPerSecond: Double { DeviceClock.ticksPerSecond * (1 + offset.ratio) }

    private func advance(to time: SimulationTime) {
        while time.picoseconds - segmentStart.picoseconds >= Self.driftStep.picoseconds {
            segmentStartTicks += Self.driftStep.seconds * ticksPerSecond
            segmentStart = SimulationTime(picoseconds: segmentStart.picoseconds + Self.driftStep.picoseconds)
            if drift > 0 {
                offset.partsPerMillion += random.normal(mean: 0, standardDeviation: drift * Self.driftStep.seconds.squareRoot())
            }
        }
    }
}
