import UWBCore

extension Emulation {
    /// Tells the radios' handlers that the loop starts (once) and runs the world until `end`, as fast as
    /// it can, or paced against the wall clock at `rate` virtual seconds per wall second.
    ///
    /// The world runs in windows of at most ``WorldPart/windowSpan`` (``WorldPart/separateWindowSpan``,
    /// unpaced, if no part waits for another: ``PartGroups``): between windows the world takes work
    /// posted to it and writes the trace's settled frames; within one, each part runs on a thread of its
    /// own (``PartCrew``), as far as the other parts' promises let it (``WorldPart``). A world of one
    /// part runs the same way on the caller's thread. Paced, a world of one part runs on its simulator,
    /// which paces itself event by event and wakes for work posted to it; a world of several waits for the
    /// wall clock before each window and, at the end, for `end`.
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
            let landing = parts.compactMap { $0.earliestLanding() }
            guard let next = (parts.compactMap(\.simulator.nextEventTime) + landing).min(), next <= end else {
                if let pacing, rate > 0, waitForEnd(end, origin: origin, wallOrigin: wallOrigin, pacing: pacing, rate: rate) {
                    continue
                }
                break
            }
            // Every frame sent from now on goes on the air at `next` or later, after its record's time:
            // the records that settled before it are final and come first in the file.
            medium.trace?.collect(from: parts)
            medium.trace?.writeSettled(before: next)
            let span = pacing == nil && crew?.partsAreSeparate == true ? WorldPart.separateWindowSpan : WorldPart.windowSpan
            let limit = min(end, next + span)
            if let pacing, rate > 0 {
                pacing.wait(until: wallOrigin + (next.seconds - origin.seconds) / rate, unlessWorkArrivesIn: simulator.inbox)
            }
            window += 1
            if let crew {
                // Work posted between windows may come sooner than a part's last promise, so each
                // publishes it afresh: no part has an event before `next`.
                for part in parts {
                    part.publishPromise(notBefore: next)
                }
                crew.run(window: window, notAfter: limit)
            } else {
                parts[0].windows += 1
                parts[0].simulator.run(notAfter: limit)
            }
        }
        for part in parts {
            part.simulator.advanceClock(to: end)
        }
        medium.trace?.collect(from: parts)
    }

    /// Paced, a run ends when the wall clock reaches `end`, not at its last event: waits for it, unless
    /// work is posted meanwhile, which then runs at the virtual time the wall clock has reached (every
    /// part's clock is moved there, no event being due before `end`). Returns whether work came.
    private func waitForEnd(_ end: SimulationTime, origin: SimulationTime, wallOrigin: Double, pacing: Pacing, rate: Double) -> Bool {
        pacing.wait(until: wallOrigin + (end.seconds - origin.seconds) / rate, unlessWorkArrivesIn: simulator.inbox)
        guard parts.contains(where: { $0.simulator.inbox.hasWork }) else { return false }
        let reached = SimulationTime(seconds: origin.seconds + (pacing.elapsed() - wallOrigin) * rate)
        for part in parts where part.simulator.now < reached {
            part.simulator.advanceClock(to: min(reached, end))
        }
        return true
    }
}
