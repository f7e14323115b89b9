import DW1000Driver
import UWBCore

extension VirtualDW1000 {
    /// ``VirtualRadio/receiverStartUp`` in picoseconds, worked out once: converting a `Duration` is slow.
    private static let receiverStartUpPicoseconds = receiverStartUp.picoseconds

    /// Turns the receiver on as SYS_CTRL.RXENAB does, now or at DX_TIME (UM §4.2, §7.2.15),
    /// with the frame-wait timeout when SYS_CFG.RXWTOE is set (UM §7.2.14).
    func enableReceiver(delayed: Bool) {
        cancelReceiver()
        clearStatus(Self.clearedByReceiverEnable)
        guard self.simulator != nil else { return }
        var start = SimulationTime(picoseconds: now.picoseconds + Self.receiverStartUpPicoseconds)
        if delayed {
            let target = registers.value(.dxTime) & ~Self.delayedTimeIgnoredBits
            let ahead = (target &- counter(at: now)) & DeviceClock.maximumTicks
            if ahead > DeviceClock.modulus / 2 {
                setStatus(DW1000Register.SysStatus.hpdwarn.mask)
            }
            start = time(whenCounterReads: target)
        }
        let timeout = frameWaitTimeout(startingAt: delayed ? start : now)
        turnReceiverOn(huntingFrom: start, delayed: delayed, timeout: timeout)
    }

    /// Schedules RXRFTO RX_FWTO × 1.0256 µs after `start` if SYS_CFG.RXWTOE is set.
    private func frameWaitTimeout(startingAt start: SimulationTime) -> ScheduledEvent? {
        guard DW1000Register.SysCfg.rxwtoe.value(in: registers.value(.sysCfg)) == 1, let simulator = self.simulator else {
            return nil
        }
        let units = Int64(registers.value(.rxFwto))
        // `unowned`: the owner of the simulator owns the chip as long (see `startTransmission`).
        return simulator.schedule(at: start + span(ofTicks: units * 65_536)) { [unowned self] in
            self.cancelReceiver()
            self.setStatus(DW1000Register.SysStatus.rxrfto.mask)
        }
    }

    /// A preamble reaches the antenna: the receiver locks onto it if it is hunting, can hear it,
    /// and is configured for it. Returns whether it locked.
    ///
    /// With SYS_CFG.FFEN set, the frame filter's verdict (UM §5.2) decides how the reception
    /// ends: an accepted frame at its end, a rejected one as soon as the filter has read what it
    /// rejects it for (``rejectFrame(_:)``). The filter settings in force when the chip locks on
    /// apply to the whole frame [U: modelling choice; the UM does not say what a change in the
    /// middle of a frame does].
    ///
    /// A frame with an STS (from a DW3000) shares the preamble and SFD of a DW1000 frame, so the
    /// chip locks onto it, then reads the STS where it expects the PHY header: the reception ends
    /// with a PHY header error when that header would have been read (`Docs/reference/uwb-physics.md`
    /// §1.3b).
    public func preambleArrives(_ arrival: Arrival) -> Bool {
        guard case .listening(let from, let timeout) = receiver, now >= from, arrival.detectable,
              let simulator = self.simulator,
              let sent = arrival.transmission.configuration, receives(sent)
        else { return false }
        let completion: ScheduledEvent
        if sent.secureTimestamps != nil {
            completion = simulator.schedule(
                ReceptionEndEvent(chip: self, arrival: arrival, ending: .headerError),
                at: min(arrival.rmarker + sent.phyHeaderDuration, arrival.end))
        } else if FrameFilterRules.isEnabled(systemConfiguration: registers.value(.sysCfg)),
           case .rejected(let octets) = FrameFilterRules(registers: registers).verdict(for: arrival.transmission.frame) {
            // The filter decides once it has `octets` octets of the PHY payload: a PHY header and
            // their data time after the RMARKER (UM §4.1; decoding latency not modelled [U]).
            let decided = arrival.rmarker + (sent.airtime(frameLength: octets) - sent.synchronisationHeaderDuration)
            completion = simulator.schedule(
                ReceptionEndEvent(chip: self, arrival: arrival, ending: .rejected), at: min(decided, arrival.end))
        } else {
            completion = simulator.schedule(ReceptionEndEvent(chip: self, arrival: arrival, ending: .complete), at: arrival.end)
        }
        receiver = .receiving(completion: completion, timeout: timeout)
        return true
    }

    /// Ends the reception the receiver is locked onto as `ending` says.
    public func endReception(_ arrival: Arrival, _ ending: ReceptionEnding) {
        switch ending {
        case .complete: finishReception(arrival)
        case .rejected: rejectFrame(arrival)
        case .headerError: failHeader(arrival)
        }
    }

    /// The PHY header of the frame the receiver is locked onto fails its check: RXPHE with the
    /// preamble and SFD events (UM §4.1, §7.2.17), and the receiver stops (no auto re-enable).
    private func failHeader(_ arrival: Arrival) {
        guard case .receiving(_, let timeout) = receiver else { return }
        if let timeout {
            self.simulator?.cancel(timeout)
        }
        receiver = .off
        environment?.receptionLost(arrival, at: self)
        setStatus(DW1000Register.SysStatus.rxprd.mask | DW1000Register.SysStatus.rxsfdd.mask | DW1000Register.SysStatus.rxphe.mask)
    }

    /// The frame filter rejects the frame the receiver is locked onto: the reception is aborted,
    /// AFFREJ is set (UM §5.2.2) with the preamble, SFD and PHR events the frame has already
    /// raised (RXPRD, RXSFDD, RXPHD, UM §4.1), but neither RXDFR nor RXFCG, and the receiver goes
    /// on hunting for a preamble with its frame-wait timeout still counting (UM §7.2.14). So a
    /// rejected frame raises an interrupt only if SYS_MASK.MAFFREJ is set.
    func rejectFrame(_ arrival: Arrival) {
        guard case .receiving(_, let timeout) = receiver else { return }
        receiver = .listening(from: now, timeout: timeout)
        environment?.receptionRejected(arrival, at: self)
        setStatus(DW1000Register.SysStatus.rxprd.mask | DW1000Register.SysStatus.rxsfdd.mask | DW1000Register.SysStatus.rxphd.mask
            | DW1000Register.SysStatus.affrej.mask)
    }

    /// Whether the receive configuration in CHAN_CTRL and SYS_CFG matches what was sent:
    /// channel (one a DW1000 has), PRF, preamble code, SFD and the 110 kbps mode. An STS does not
    /// stop the chip locking on (see ``preambleArrives(_:)``).
    public func receives(_ sent: RadioConfig) -> Bool {
        let question = ReceiveMatch.Question(
            channelControl: registers.value(.chanCtrl), systemConfiguration: registers.value(.sysCfg),
            channel: sent.channel, pulseRepetitionFrequency: sent.pulseRepetitionFrequency,
            preambleCode: sent.preambleCode, startOfFrameDelimiter: sent.startOfFrameDelimiter, dataRate: sent.dataRate)
        // The answer for the last question, kept: every frame of a run usually has the same
        // configuration, and the registers change only when the chip is configured.
        if let last = lastReceiveMatch, last.question == question {
            return last.matches
        }
        let matches = receives(question)
        lastReceiveMatch = ReceiveMatch(question: question, matches: matches)
        return matches
    }

    /// ``receives(_:)`` worked out from CHAN_CTRL and SYS_CFG.
    private func receives(_ question: ReceiveMatch.Question) -> Bool {
        let channelControl = question.channelControl
        return DW1000Register.ChanCtrl.rxChan.value(in: channelControl) == UInt64(question.channel.number)
            && ChipFamily.dw1000.channels.contains(question.channel)
            && DW1000Register.ChanCtrl.rxprf.value(in: channelControl) == question.pulseRepetitionFrequency.dw1000Code
            && DW1000Register.ChanCtrl.rxPcode.value(in: channelControl) == UInt64(question.preambleCode)
            && (DW1000Register.ChanCtrl.dwsfd.value(in: channelControl) == 1) == (question.startOfFrameDelimiter == .decawave)
            && (DW1000Register.SysCfg.rxm110k.value(in: question.systemConfiguration) == 1) == (question.dataRate == .kbps110)
    }

    /// One answer of ``receives(_:)``, with the question it answered.
    struct ReceiveMatch {
        /// What the answer depends on: the registers, and the parts of the sent configuration it looks
        /// at, as plain values, so that keeping and comparing them copies no array of the
        /// configuration's STS.
        struct Question: Equatable {
            let channelControl: UInt64
            let systemConfiguration: UInt64
            let channel: Channel
            let pulseRepetitionFrequency: PulseRepetitionFrequency
            let preambleCode: Int
            let startOfFrameDelimiter: StartOfFrameDelimiter
            let dataRate: DataRate
        }

        let question: Question
        let matches: Bool
    }

    /// The end of a frame the receiver was locked onto: write what the chip reports and go idle.
    func finishReception(_ arrival: Arrival) {
        guard case .receiving(_, let timeout) = receiver else { return }
        if let timeout {
            self.simulator?.cancel(timeout)
        }
        receiver = .off
        let outcome = environment?.receptionFinished(arrival, at: self) ?? .received
        writeReception(arrival, intact: outcome == .received)
        let progress = DW1000Register.SysStatus.rxprd.mask | DW1000Register.SysStatus.rxsfdd.mask | DW1000Register.SysStatus.rxphd.mask
            | DW1000Register.SysStatus.rxdfr.mask | (leadingEdgeCodeLoaded ? DW1000Register.SysStatus.ldedone.mask : 0)
        setStatus(progress | (outcome == .received ? DW1000Register.SysStatus.rxfcg.mask : DW1000Register.SysStatus.rxfce.mask))
    }
}
