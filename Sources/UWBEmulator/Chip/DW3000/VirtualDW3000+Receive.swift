import DW3000Driver
import UWBCore

extension VirtualDW3000 {
    /// ``VirtualRadio/receiverStartUp`` in picoseconds.
    private static let receiverStartUpPicoseconds = receiverStartUp.picoseconds

    /// Turns the receiver on now (`target` nil) or at raw time `target`, with the frame-wait
    /// timeout (RX_FWTO × 1.0256 µs, RXFTO) when SYS_CFG.RXWTOE is set (User Manual §8.2.2.12).
    func enableReceiver(at target: UInt64?) {
        cancelReceiver()
        guard let simulator = self.simulator else { return }
        var start = SimulationTime(picoseconds: now.picoseconds + Self.receiverStartUpPicoseconds)
        if let target {
            if (target &- counter(at: now)) & DeviceClock.maximumTicks > DeviceClock.modulus / 2 {
                setStatus(DW3000Register.SysStatus.hpdwarn.mask)
            }
            start = time(whenCounterReads: target)
        }
        var timeout: ScheduledEvent?
        if DW3000Register.SysCfg.rxwtoe.value(in: memory.value(.sysCfg)) == 1 {
            let units = Int64(DW3000Register.RxFwto.fwto.value(in: memory.value(.rxFwto)))
            timeout = simulator.schedule(at: (target == nil ? now : start) + span(ofTicks: units * 65_536)) { [unowned self] in
                self.cancelReceiver()
                self.setStatus(DW3000Register.SysStatus.rxfto.mask)
            }
        }
        turnReceiverOn(huntingFrom: start, delayed: target != nil, timeout: timeout)
    }

    /// A preamble reaches the antenna: the receiver locks onto it if it is hunting, can hear it,
    /// and is configured for it (``receives(_:)``). A frame whose packet configuration differs
    /// from the receiver's (an STS it does not expect, none where it expects one, SP1 against SP3)
    /// ends in a PHY header error when its PHY header would have been read
    /// (`Docs/reference/uwb-physics.md` §1.3b); frame filtering is not modelled.
    public func preambleArrives(_ arrival: Arrival) -> Bool {
        guard case .listening(let from, let timeout) = receiver, now >= from, arrival.detectable,
              let simulator = self.simulator,
              let sent = arrival.transmission.configuration, receives(sent)
        else { return false }
        let expected = secureTimestampConfiguration(counter: stsCounter)?.mode
        let ending: ReceptionEnding = sent.secureTimestamps?.mode == expected ? .complete : .headerError
        let end = ending == .complete ? arrival.end : min(arrival.rmarker + sent.phyHeaderDuration, arrival.end)
        let completion = simulator.schedule(ReceptionEndEvent(chip: self, arrival: arrival, ending: ending), at: end)
        receiver = .receiving(completion: completion, timeout: timeout)
        return true
    }

    /// Ends the reception the receiver is locked onto as `ending` says. Either way a receiver
    /// configured for an STS has used one value of its STS counter.
    public func endReception(_ arrival: Arrival, _ ending: ReceptionEnding) {
        guard case .receiving(_, let timeout) = receiver else { return }
        if let timeout {
            self.simulator?.cancel(timeout)
        }
        receiver = .off
        let secure = secureTimestampConfiguration(counter: stsCounter)
        if let secure {
            stsCounter &+= secure.length.counterStep
        }
        let progress = DW3000Register.SysStatus.rxprd.mask | DW3000Register.SysStatus.rxsfdd.mask
        switch ending {
        case .complete:
            let outcome = environment?.receptionFinished(arrival, at: self) ?? .received
            writeReception(arrival, intact: outcome == .received, secure: secure)
            let header = arrival.transmission.configuration?.secureTimestamps?.mode == .noPayload
                ? 0 : DW3000Register.SysStatus.rxphd.mask
            setStatus(progress | header | DW3000Register.SysStatus.rxfr.mask | DW3000Register.SysStatus.ciadone.mask
                | (outcome == .received ? DW3000Register.SysStatus.rxfcg.mask : DW3000Register.SysStatus.rxfce.mask))
        case .rejected, .headerError:
            environment?.receptionLost(arrival, at: self)
            setStatus(progress | DW3000Register.SysStatus.rxphe.mask)
        }
    }
}
