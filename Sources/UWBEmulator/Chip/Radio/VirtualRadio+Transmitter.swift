import UWBCore

extension VirtualRadio {
    /// The time from a TX command to the first preamble symbol: the transmitter's power-up
    /// (DW1000 UM §3.3 mentions "a few µs"; Decawave's examples allow for it) taken as 5 µs for
    /// both families.
    static let transmitterPowerUp: Duration = .microseconds(5)

    /// The low bits of a delayed TX or RX time that both families ignore: DX_TIME has a
    /// resolution of 512 ticks, 8.0128 ns (DW1000 UM §3.3; on the DW3000 the register holds the
    /// high 32 bits of the time and its bit 0 is ignored, the same resolution).
    static let delayedTimeIgnoredBits: UInt64 = 0x1FF

    /// Whole nominal ticks in `duration`, rounded up.
    static func ticks(in duration: Duration) -> Int64 {
        Int64((Double(duration.picoseconds) * 1e-12 * DeviceClock.ticksPerSecond).rounded(.up))
    }

    /// Whether a delayed start at raw time `raw` (the RMARKER, in this chip's ticks) can still be
    /// met now, a synchronisation header of `header` before it: the late check uses the internal
    /// preamble start; the power-up before it only shows as too close (DW1000 UM §3.3, §7.2.17).
    final func check(delayedStart raw: UInt64, header: Duration) -> DelayedStartCheck {
        let preambleStart = (raw &- UInt64(Self.ticks(in: header))) & DeviceClock.maximumTicks
        let ahead = (preambleStart &- counter(at: now)) & DeviceClock.maximumTicks
        if ahead > DeviceClock.modulus / 2 { return .moreThanHalfAPeriod }
        if ahead < UInt64(Self.ticks(in: Self.transmitterPowerUp)) { return .tooClose }
        return .inTime
    }

    /// The raw RMARKER time of an immediate transmission: the power-up and synchronisation header
    /// from now, rounded up to the delayed-time resolution as the chips do.
    final func immediateStart(header: Duration) -> UInt64 {
        let earliest = (counter(at: now) &+ UInt64(Self.ticks(in: header) + Self.ticks(in: Self.transmitterPowerUp)))
            & DeviceClock.maximumTicks
        return ((earliest &+ Self.delayedTimeIgnoredBits) & ~Self.delayedTimeIgnoredBits) & DeviceClock.maximumTicks
    }

    /// Puts a frame on the air with its RMARKER at raw time `raw` of this chip's clock (the true
    /// TX antenna delay added), and schedules the family's milestones: the preamble starting,
    /// the SFD starting, the PHY header sent, the frame's end.
    ///
    /// The frame is laid out as `layout` says (with its STS, if any, between the RMARKER and the
    /// PHY header). A delayed start too close for the transmitter's power-up (TXPUTE) keeps its
    /// RMARKER and loses the start of its preamble: the frame goes on the air no sooner than
    /// ``transmitterPowerUp`` after the command (`Docs/reference/dw1000-registers.md`: the
    /// shortfall shows up as TXPUTE), which is also what lets a world split into parts run its
    /// parts that far apart (`WorldPart`). Does nothing before the chip is placed in an environment.
    final func launch(_ layout: FrameLayout, raw: UInt64, rangingBit: Bool, secureTimestamp: TransmittedSecureTimestamp?,
                      milestones: TransmitMilestones) {
        let digitalMarker = time(whenCounterReads: raw)
        let marker = digitalMarker + span(ofTicks: hardware.transmitAntennaDelay.ticks)
        guard let simulator = self.simulator else { return }
        let start = max(
            SimulationTime(picoseconds: marker.picoseconds - layout.header.picoseconds), now + Self.transmitterPowerUp)
        let end = marker + layout.afterMarker
        let transmission = Transmission(
            frame: layout.frame, configuration: layout.configuration, start: start, rmarker: marker, end: end,
            power: hardware.transmitPower, clockOffset: oscillator.offset(at: now), rangingBit: rangingBit,
            secureTimestamp: secureTimestamp)
        // The chip's events hold it `unowned`, not weakly: whoever owns the simulator owns the chip
        // for as long (the `Emulation` owns devices, chips, medium and simulator for the whole run;
        // a test's bench owns its chips and simulator), so no event runs after its chip is gone,
        // and without weak references the chip needs no side table for its reference counts.
        let emit = simulator.schedule(at: start) { [unowned self] in
            self.environment?.transmissionStarts(transmission, from: self)
        }
        simulator.expectTransmission(at: start)
        let frameBegins = simulator.schedule(at: start, milestones.frameBegins)
        let preambleSent = simulator.schedule(at: start + layout.preamble, milestones.preambleSent)
        let headerSent = simulator.schedule(at: marker + layout.headerSentAfterMarker, milestones.headerSent)
        let finished = simulator.schedule(at: end, milestones.finished)
        transmitter = .busy(events: [emit, frameBegins, preambleSent, headerSent, finished])
    }

    /// Cancels a scheduled or ongoing transmission.
    final func cancelTransmitter() {
        if case .busy(let events) = transmitter {
            for event in events {
                self.simulator?.cancel(event)
            }
        }
        transmitter = .idle
    }
}
