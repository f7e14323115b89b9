import UWBCore

extension Emulation {
    /// Tells the radios' handlers that the loop starts (once) and runs the world until `end`, as fast as
    /// it can, or paced against the wall clock at `rate` virtual seconds per wall second.
    ///
    /// The world runs in windows (``WorldPart``): every part lands the frames other parts carried to it,
    /// then runs its events up to the earliest instant at which any part may put a frame on the air, each
    /// part on a thread of its own (``PartCrew``). A world of one part runs the same way on the caller's
    /// thread. Paced, a world of one part runs on its simulator, which paces itself event by event and
    /// wakes for work posted to it; a world of several waits for the wall clock before each window.
    public func run(until end: SimulationTime, pacing: Pacing? = nil, rate: Double = 1) {
        if !started {
            started = true
            for device in devices {
                device.start()
            }
        }
        if let pacing, parts.count == 1 {
            simulator.run(until: end, pacing: pacing, rate: rate)
            medium.trace?.collect(from: parts)
        } else {
            runWindows(until: end, pacing: pacing, rate: rate)
        }
    }

    /// Runs the world's parts window by window until `end`, waiting before each window for the wall clock
    /// if `pacing` is given.
    private func runWindows(until end: SimulationTime, pacing: Pacing?, rate: Double) {
        let origin = parts.map(\.simulator.now).max() ?? .zero
        let wallOrigin = pacing?.elapsed() ?? 0
        let crew = parts.count > 1 ? PartCrew(parts: parts) : nil
        defer { crew?.stop() }
        while true {
            for part in parts {
                part.simulator.takePostedWork()
            }
            let landing = parts.map { $0.earliestLanding(from: parts, sentIn: window) }
            guard let next = (parts.compactMap(\.simulator.nextEventTime) + landing.compactMap { $0 }).min(), next <= end
            else { break }
            // Every frame sent from now on goes on the air at `next` or later, after its record's time:
            // the records that settled before it are final and come first in the file.
            medium.trace?.collect(from: parts)
            medium.trace?.writeSettled(before: next)
            let limit = min(end, zip(parts, landing).compactMap { $0.horizon(notBefore: next, landing: $1) }.min() ?? end)
            if let pacing, rate > 0 {
                pacing.wait(until: wallOrigin + (next.seconds - origin.seconds) / rate, unlessWorkArrivesIn: simulator.inbox)
            }
            window += 1
            if let crew {
                crew.run(window: window, notAfter: limit)
            } else {
                parts[0].run(window: window, notAfter: limit, parts: parts)
            }
        }
        for part in parts {
            part.simulator.advanceClock(to: end)
        }
        medium.trace?.collect(from: parts)
    }
}
