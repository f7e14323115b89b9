import UWBCore

/// A world split into parts (decision 0030) that one thread runs a step at a time, for a harness whose
/// own software acts on the devices at instants of its own: the emulator service, whose apps take turns
/// on their chips from processes of their own while their part of the world stands still for them.
///
/// While the harness holds a part (an app takes its turn at the part's instant), the other parts may run
/// on as far as every part's promise lets them (``limits(acting:)``): the held part's software may put
/// a frame on the air ``WorldPart/lookahead`` after its instant at the earliest. That is what splitting
/// buys such a world: software of different parts acting at once. Otherwise the parts run in the order
/// one simulator would (``EventKey``), so a part that was held catches up first; once no part lags
/// (``lags(_:)``), what has run is what one simulator would have run by then, and the number of events
/// run (``eventsRun``) names the same point of the run however the world is split.
///
/// Not `Sendable`: the harness uses it from one thread at a time, under its own lock.
package final class InterleavedParts {
    /// What one part would do next: run its next event, or move its clock to an instant the harness
    /// named (an app's deadline, the end of a step), with its place in the world's order.
    package struct Step {
        /// The part's index.
        package let part: Int
        /// Whether it runs an event; otherwise it moves the part's clock.
        package let runsEvent: Bool
        /// Its place in the world's order: the event's, or, for a clock moved to an instant, before
        /// every event at that instant.
        let key: EventKey

        /// When it happens.
        package var time: SimulationTime { key.time }

        /// Whether it comes before `other` in the world's order.
        package func precedes(_ other: Step) -> Bool {
            key.precedes(other.key)
        }
    }

    private let emulation: Emulation
    /// The latest place in the world's order any part has run to.
    private var frontier: EventKey

    /// The parts of `emulation`, which has not run yet.
    package init(_ emulation: Emulation) {
        self.emulation = emulation
        frontier = Self.clockKey(at: emulation.parts.map(\.simulator.now).max() ?? .zero)
    }

    /// How many parts the world has.
    package var count: Int { emulation.parts.count }

    /// How many events the parts have run, all together.
    package var eventsRun: Int { emulation.eventsRun }

    /// The latest instant any part has reached: the world's time, as its observers see it.
    package var reached: SimulationTime { frontier.time }

    /// The index of the part device `device` (its index in the world) runs in.
    package func part(ofDevice device: Int) -> Int {
        emulation.medium.nodes[device].part.index
    }

    /// Part `part`'s instant.
    package func now(of part: Int) -> SimulationTime {
        emulation.parts[part].simulator.now
    }

    /// Tells the devices that the world starts and runs what is due at its first instant.
    package func start() {
        emulation.run(until: emulation.simulator.now)
        let reached = emulation.parts.map(\.simulator.now).max() ?? .zero
        frontier = Self.clockKey(at: reached)
    }

    /// Part `part`'s next step, having carried the frames the other parts sent it: its next event if it
    /// comes no later than `horizon`, else its clock moved to `horizon` if it is behind it; nil if
    /// neither (no event, and no horizon ahead).
    package func nextStep(of part: Int, horizon: SimulationTime?) -> Step? {
        let worldPart = emulation.parts[part]
        worldPart.land(from: emulation.parts)
        if let key = worldPart.simulator.nextEventKey, horizon.map({ key.time <= $0 }) ?? true {
            return Step(part: part, runsEvent: true, key: key)
        }
        guard let horizon, horizon > worldPart.simulator.now else { return nil }
        return Step(part: part, runsEvent: false, key: Self.clockKey(at: horizon))
    }

    /// Whether `step` comes before what another part has already run: its part lags behind the world.
    /// Never in a world of one part.
    package func lags(_ step: Step) -> Bool {
        count > 1 && step.key.precedes(frontier)
    }

    /// Whether part `part`, held at its instant, lags behind what another part has already run.
    package func lags(held part: Int) -> Bool {
        count > 1 && now(of: part) < frontier.time
    }

    /// The latest instant each part may run to, in part order, having carried the frames waiting for it,
    /// without a frame from another part coming in its past (``WorldPart/safeLimit(answerable:)``),
    /// given, per part, the earliest instant at which the harness's software may act on it (`acting`:
    /// the instant of a turn held, an app's deadline), whose frames go on the air a lookahead later.
    /// Every part's promise is published once for all of them.
    package func limits(acting: [SimulationTime?]) -> [SimulationTime] {
        let parts = emulation.parts
        for part in parts {
            part.land(from: parts)
        }
        for (index, part) in parts.enumerated() {
            part.publishPromise(notBefore: part.simulator.now)
            if part.transmits, let instant = acting[index] {
                let answer = instant.picoseconds + WorldPart.lookaheadPicoseconds
                if answer < part.promise.loadRelaxed() {
                    part.promise.storeRelaxed(answer)
                }
            }
        }
        return parts.map { part in
            part.safeLimit(answerable: part.answerable)
        }
    }

    /// Takes `step`, which ``nextStep(of:horizon:)`` gave and which the harness found safe: the
    /// part's next event, or its clock moved on.
    package func take(_ step: Step) {
        let simulator = emulation.parts[step.part].simulator
        if step.runsEvent {
            simulator.step(notAfter: step.time)
        } else {
            simulator.advanceClock(to: step.time)
        }
        if frontier.precedes(step.key) {
            frontier = step.key
        }
    }

    /// Moves part `part`'s clock, which has nothing to run before it, to ``reached``: for software
    /// that acts on it at a moment the harness did not plan (an app attaching, or waking early),
    /// which then acts at the world's time.
    package func bringUp(_ part: Int) {
        emulation.parts[part].simulator.advanceClock(to: frontier.time)
    }

    /// Writes the frames of the trace, if one is written, that settled before `time`, before which no
    /// part can put another frame on the air. A world of one part writes them as they are sent.
    package func settleTrace(before time: SimulationTime) {
        guard count > 1, let trace = emulation.medium.trace else { return }
        trace.collect(from: emulation.parts)
        trace.writeSettled(before: time)
    }

    /// The place in the world's order of a clock moved to `time`: before every event at that instant.
    private static func clockKey(at time: SimulationTime) -> EventKey {
        EventKey(time: time, owner: 0, tie: 0, detail: 0)
    }
}
