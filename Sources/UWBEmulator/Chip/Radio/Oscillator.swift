import UWBCore

/// A board's crystal oscillator: a frequency offset in ppm plus a slow random walk, and any
/// sudden steps of the frequency a scenario injects, shared by every chip on the board.
///
/// It maps global simulation time to a continuous count of device ticks (1/(128 × 499.2 MHz)
/// each, nominally). The offset is piecewise constant: every ``driftStep`` it takes a step drawn
/// from N(0, drift·√step) ppm, a random walk whose spread grows with the square root of time,
/// like a crystal's slow wander with temperature.
///
/// The mapping is a fixed function of time: asking about an earlier instant (an RMARKER that passed
/// while a frame was still arriving) or a later one (a delayed transmission beyond the next step)
/// gives the same answer whatever was asked before. Step *k* always takes the *k*-th draw from the
/// random stream. The oscillator keeps only its last steps (between ``retainedSteps`` and twice as
/// many, so its memory does not grow with the run); an instant before them, which the emulator
/// never asks about (its chips ask about now, a frame's length ago, or a delayed start at most half
/// a counter period ahead), is answered by walking again from the start.
public final class Oscillator {
    /// How often the random walk takes a step: 1 s, far longer than any ranging exchange, so an
    /// exchange sees a constant frequency as it would on hardware.
    public static let driftStep = SimulationTime(seconds: 1)

    /// How many of its last steps the oscillator keeps at least: 32, far more than the 9 steps a
    /// delayed start can lie ahead of now (half the 17.2 s counter period).
    static let retainedSteps = 32

    /// The random-walk intensity, in ppm per √second.
    public let drift: Double
    /// Steps of the frequency: at the start of step interval k (k × ``driftStep``) the offset
    /// jumps to the value given for k, and the random walk goes on from there.
    public let jumps: [Int: ClockOffset]

    /// One step interval's values, as a tick conversion needs them.
    private struct Step {
        /// The step interval (-1 for none yet).
        var index = -1
        /// The tick count at its start.
        var startTicks = 0.0
        /// Its frequency offset, and the ticks per second that gives.
        var offset = ClockOffset(partsPerMillion: 0)
        var ticksPerSecond = 0.0
    }

    /// What the oscillator has taken of its random walk so far.
    private struct History {
        /// The step interval last asked about, with its values, first in the history so that a
        /// conversion in it reads one cache line rather than the two arrays' too: every frame a
        /// chip receives converts several instants of the same step, and in a room of many boards
        /// the history is cold by the next frame. Measured in the 1000 listening tags: the
        /// oscillator's data misses 0.40 M → 0.30 M a virtual second, instructions 4.861 → 4.847 G.
        var current = Step()
        /// The step interval of the first entry kept below (next to ``current``, which is valid
        /// only from it on).
        var first = 0
        /// The random stream as it was at the start, to walk again from there.
        let start: SeededRandom
        /// The offset at the start.
        let startOffset: ClockOffset
        var random: SeededRandom
        /// The tick count at the start of each step interval k (at k × ``driftStep``) from
        /// ``first`` on.
        var stepStartTicks: [Double] = [0]
        /// The frequency offset in force during each step interval from ``first`` on.
        var stepOffsets: [ClockOffset]

        /// The history of an oscillator that starts at `offset` with `random`.
        init(random: SeededRandom, offset: ClockOffset) {
            start = random
            startOffset = offset
            self.random = random
            stepOffsets = [offset]
        }
    }

    /// The history, in memory the oscillator allocates and owns: every tick conversion reads
    /// it (several per received frame), and read through this `let` pointer it needs none of
    /// the dynamic exclusivity checks that stored properties of a class cost. No access to it
    /// calls out of this class, so accesses never overlap.
    private let history: UnsafeMutablePointer<History>

    /// An oscillator that starts at `offset`, wanders with `drift` ppm/√s and jumps to the offsets
    /// of `jumps` at the starts of their step intervals.
    public init(offset: ClockOffset, drift: Double, random: SeededRandom, jumps: [Int: ClockOffset] = [:]) {
        history = .allocate(capacity: 1)
        history.initialize(to: History(random: random, offset: offset))
        self.drift = drift
        self.jumps = jumps
    }

    deinit {
        history.deinitialize(count: 1)
        history.deallocate()
    }

    /// The frequency offset in force at `time`.
    public func offset(at time: SimulationTime) -> ClockOffset {
        currentStep(containing: time).offset
    }

    /// Ticks counted since the start of the run, at `time`.
    public func ticks(at time: SimulationTime) -> Double {
        let step = currentStep(containing: time)
        let elapsed = Double(time.picoseconds - Int64(step.index) * Self.driftStep.picoseconds) * 1e-12
        return step.startTicks + elapsed * step.ticksPerSecond
    }

    /// The global time at which the tick count reaches `ticks`, searching from `now` on and
    /// following the frequency steps on the way.
    public func time(atTicks ticks: Double, after now: SimulationTime) -> SimulationTime {
        var index = step(containing: now)
        while ticks >= startTicks(index) + Self.driftStep.seconds * ticksPerSecond(index) {
            index += 1
            extend(through: index)
        }
        let seconds = (ticks - startTicks(index)) / ticksPerSecond(index)
        return SimulationTime(picoseconds: Int64(index) * Self.driftStep.picoseconds + Int64((seconds * 1e12).rounded(.up)))
    }

    /// How many global seconds `ticks` device ticks last at the frequency in force at `time`.
    public func seconds(forTicks ticks: Double, at time: SimulationTime) -> Double {
        ticks / currentStep(containing: time).ticksPerSecond
    }

    /// How many steps the history keeps now (at most twice ``retainedSteps``; tests check it).
    var keptSteps: Int { history.pointee.stepOffsets.count }

    /// The tick rate in step interval `index` (kept in the history).
    private func ticksPerSecond(_ index: Int) -> Double {
        Self.ticksPerSecond(at: history.pointee.stepOffsets[index - history.pointee.first])
    }

    /// The ticks per second at frequency offset `offset`.
    private static func ticksPerSecond(at offset: ClockOffset) -> Double {
        DeviceClock.ticksPerSecond * (1 + offset.ratio)
    }

    /// The tick count at the start of step interval `index` (kept in the history).
    private func startTicks(_ index: Int) -> Double {
        history.pointee.stepStartTicks[index - history.pointee.first]
    }

    /// The values of the step interval containing `time`, made the current step (``History/current``)
    /// after ``step(containing:)`` has walked to it, as it would have.
    private func currentStep(containing time: SimulationTime) -> Step {
        let index = Self.stepIndex(containing: time)
        // The current step is still kept unless a later one has moved `first` past it; then
        // `step(containing:)` walks again from the start, as it always did.
        if index == history.pointee.current.index, index >= history.pointee.first {
            return history.pointee.current
        }
        let kept = step(containing: time) - history.pointee.first
        let offset = history.pointee.stepOffsets[kept]
        let step = Step(
            index: index, startTicks: history.pointee.stepStartTicks[kept], offset: offset,
            ticksPerSecond: Self.ticksPerSecond(at: offset))
        history.pointee.current = step
        return step
    }

    /// The number of the step interval that contains `time` (0 for times before the start).
    private static func stepIndex(containing time: SimulationTime) -> Int {
        Int(max(0, time.picoseconds / driftStep.picoseconds))
    }

    /// The step interval that contains `time` (interval 0 for times before the start), taken
    /// into the history if it is new, or taken again from the start if it is older than what the
    /// history keeps.
    private func step(containing time: SimulationTime) -> Int {
        let index = Self.stepIndex(containing: time)
        if index < history.pointee.first {
            history.pointee = History(random: history.pointee.start, offset: history.pointee.startOffset)
        }
        extend(through: index)
        return index
    }

    /// Takes the random walk's steps up to interval `index`, forgetting the oldest ones once it
    /// keeps twice ``retainedSteps``.
    private func extend(through index: Int) {
        while history.pointee.first + history.pointee.stepOffsets.count <= index {
            let last = history.pointee.stepOffsets.count - 1
            history.pointee.stepStartTicks.append(
                history.pointee.stepStartTicks[last] + Self.driftStep.seconds * ticksPerSecond(history.pointee.first + last))
            var next = history.pointee.stepOffsets[last]
            if drift > 0 {
                next.partsPerMillion += history.pointee.random.normal(mean: 0, standardDeviation: drift * Self.driftStep.seconds.squareRoot())
            }
            if let jump = jumps[history.pointee.first + last + 1] {
                next = jump
            }
            history.pointee.stepOffsets.append(next)
            if history.pointee.stepOffsets.count > 2 * Self.retainedSteps, index - history.pointee.first >= 2 * Self.retainedSteps {
                history.pointee.stepOffsets.removeFirst(Self.retainedSteps)
                history.pointee.stepStartTicks.removeFirst(Self.retainedSteps)
                history.pointee.first += Self.retainedSteps
            }
        }
    }
}
