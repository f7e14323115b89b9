import DW3000Driver
import UWBCore

extension VirtualDW3000 {
    /// Starts a transmission now (`target` nil) or with its RMARKER at raw time `target`, as the
    /// TX fast commands do (User Manual §2.3.1.2, §3.2): the frame from TX_BUFFER at TXB_OFFSET,
    /// TXFLEN octets with the FCS appended unless SYS_CFG.DIS_FCS_TX is set, and the STS the
    /// registers select, which advances the STS counter. A delayed start already missed sets
    /// HPDWARN (the Qorvo API checks that bit after a delayed TX command).
    func startTransmission(at target: UInt64?, awaitingResponse: Bool) {
        cancelTransmitter()
        cancelReceiver()
        let control = memory.value(.txFctrl)
        let configuration = transmitConfiguration()
        let secure = configuration?.secureTimestamps
        var frame: [UInt8] = []
        if secure?.mode != .noPayload {
            let suppressFCS = DW3000Register.SysCfg.disFcsTx.value(in: memory.value(.sysCfg)) == 1
            let length = Int(DW3000Register.TxFctrl.txflen.value(in: control))
            let offset = Int(DW3000Register.TxFctrl.txbOffset.value(in: control))
            let bodyLength = max(0, min(length - (suppressFCS ? 0 : FrameCheckSequence.length), DW3000Register.txBuffer.length - offset))
            frame = memory.read(file: DW3000Register.txBuffer.file, offset: offset, count: bodyLength)
            if !suppressFCS {
                let fcs = FrameCheckSequence.compute(frame)
                frame += [UInt8(fcs & 0xFF), UInt8(fcs >> 8)]
            }
        }
        let layout = FrameLayout(frame: frame, configuration: configuration)
        let raw: UInt64
        if let target {
            raw = target
            if check(delayedStart: raw, header: layout.header) != .inTime {
                setStatus(DW3000Register.SysStatus.hpdwarn.mask)
            }
        } else {
            raw = immediateStart(header: layout.header)
        }
        let stamp = (raw &+ memory.value(.txAntd)) & DeviceClock.maximumTicks
        let sequence = secure.map {
            TransmittedSecureTimestamp(mode: $0.mode, length: $0.length, key: $0.key, initializationVector: $0.initializationVector)
        }
        if let sequence {
            stsCounter &+= sequence.length.counterStep
        }
        let milestones = TransmitMilestones(
            frameBegins: { [unowned self] in self.setStatus(DW3000Register.SysStatus.txfrb.mask) },
            preambleSent: { [unowned self] in self.setStatus(DW3000Register.SysStatus.txprs.mask) },
            headerSent: { [unowned self] in
                self.memory.set(.txTime, stamp)
                self.memory.set(.txRawst, raw >> 8)
                self.setStatus(DW3000Register.SysStatus.txphs.mask)
            },
            finished: { [unowned self] in self.finishTransmission(awaitingResponse: awaitingResponse) })
        launch(layout, raw: raw, rangingBit: DW3000Register.TxFctrl.tr.value(in: control) == 1, secureTimestamp: sequence,
               milestones: milestones)
    }

    /// TXFRS; then, for a command with W4R, the receiver turns on W4R_TIM later (ACK_RESP_T,
    /// User Manual §8.2.3.3).
    private func finishTransmission(awaitingResponse: Bool) {
        transmitter = .idle
        setStatus(DW3000Register.SysStatus.txfrs.mask)
        guard awaitingResponse, let simulator = self.simulator else { return }
        let delayUnits = Int64(DW3000Register.AckRespT.w4rTim.value(in: memory.value(.ackRespT)))
        let event = simulator.schedule(at: now + span(ofTicks: delayUnits * 65_536)) { [unowned self] in
            self.enableReceiver(at: nil)
        }
        receiver = .starting(event: event, timeout: nil)
    }
}
