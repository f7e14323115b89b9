import DW1000Driver
import UWBCore

extension VirtualDW1000 {
    /// Starts a transmission as SYS_CTRL.TXSTRT does (UM §3.3, §7.2.15).
    func startTransmission(delayed: Bool, awaitingResponse: Bool, suppressFCS: Bool) {
        cancelTransmitter()
        cancelReceiver()
        clearStatus(Self.clearedByTransmitterEnable)
        let control = registers.value(.txFctrl)
        let length = Int(DW1000Register.TxFctrl.tflen.value(in: control) | DW1000Register.TxFctrl.tfle.value(in: control) << 7)
        let offset = Int(DW1000Register.TxFctrl.txboffs.value(in: control))
        let bodyLength = max(0, min(length - (suppressFCS ? 0 : FrameCheckSequence.length), DW1000Register.txBuffer.length - offset))
        var frame = registers.read(file: DW1000Register.txBuffer.file, offset: offset, count: bodyLength)
        if !suppressFCS {
            let fcs = FrameCheckSequence.compute(frame)
            frame += [UInt8(fcs & 0xFF), UInt8(fcs >> 8)]
        }
        let layout = FrameLayout(frame: frame, configuration: transmitConfiguration())
        let raw: UInt64
        if delayed {
            raw = registers.value(.dxTime) & ~Self.delayedTimeIgnoredBits
            switch check(delayedStart: raw, header: layout.header) {
            case .moreThanHalfAPeriod: setStatus(DW1000Register.SysStatus.hpdwarn.mask)
            case .tooClose: setStatus(DW1000Register.SysStatus.txpute.mask)
            case .inTime: break
            }
        } else {
            raw = immediateStart(header: layout.header)
        }
        let stamp = (raw &+ UInt64(registers.value(.txAntd))) & DeviceClock.maximumTicks
        // TXFRB at the first preamble symbol, TXPRS when the SFD starts, TXPHS (with TX_TIME valid)
        // after the PHR (UM §5 good-TX sequence, §7.2.17).
        let milestones = TransmitMilestones(
            frameBegins: { [unowned self] in
                self.setStatus(DW1000Register.SysStatus.txfrb.mask)
            },
            preambleSent: { [unowned self] in
                self.setStatus(DW1000Register.SysStatus.txprs.mask)
            },
            headerSent: { [unowned self] in
                self.registers.set(.txStamp, stamp)
                self.registers.set(.txRawst, raw)
                self.setStatus(DW1000Register.SysStatus.txfrb.mask | DW1000Register.SysStatus.txprs.mask | DW1000Register.SysStatus.txphs.mask)
            },
            finished: { [unowned self] in
                self.finishTransmission(awaitingResponse: awaitingResponse)
            })
        launch(layout, raw: raw, rangingBit: DW1000Register.TxFctrl.tr.value(in: control) == 1, secureTimestamp: nil,
               milestones: milestones)
    }

    /// TXFRS; then, with WAIT4RESP, the receiver turns on W4R_TIM later (UM §7.2.15, §7.2.40).
    private func finishTransmission(awaitingResponse: Bool) {
        transmitter = .idle
        clearStatus(DW1000Register.SysStatus.txpute.mask)
        setStatus(DW1000Register.SysStatus.txfrs.mask)
        guard awaitingResponse, let simulator = self.simulator else { return }
        let delayUnits = Int64(DW1000Register.AckRespT.w4rTim.value(in: registers.value(.ackRespT)))
        let turnOn = now + span(ofTicks: delayUnits * 65_536)
        let event = simulator.schedule(at: turnOn) { [unowned self] in
            self.enableReceiver(delayed: false)
        }
        receiver = .starting(event: event, timeout: nil)
    }

    /// The configuration CHAN_CTRL, TX_FCTRL and SYS_CFG select for transmission, if valid.
    func transmitConfiguration() -> RadioConfig? {
        let channelControl = registers.value(.chanCtrl)
        let frameControl = registers.value(.txFctrl)
        let prf = PulseRepetitionFrequency(dw1000Code: DW1000Register.TxFctrl.txprf.value(in: frameControl))
        let rate = DataRate(dw1000Code: DW1000Register.TxFctrl.txbr.value(in: frameControl))
        let length = PreambleLength(
            dw1000Repetitions: DW1000Register.TxFctrl.txpsr.value(in: frameControl),
            extension: DW1000Register.TxFctrl.pe.value(in: frameControl))
        guard let prf, let rate, let length,
              let channel = Channel(rawValue: Int(DW1000Register.ChanCtrl.txChan.value(in: channelControl))),
              ChipFamily.dw1000.channels.contains(channel)
        else { return nil }
        return try? RadioConfig(
            channel: channel, pulseRepetitionFrequency: prf, preambleLength: length,
            preambleCode: Int(DW1000Register.ChanCtrl.txPcode.value(in: channelControl)),
            startOfFrameDelimiter: DW1000Register.ChanCtrl.dwsfd.value(in: channelControl) == 1 ? .decawave : .standard,
            dataRate: rate)
    }
}
