import DW1000Driver
import UWBCore

extension VirtualDW1000 {
    /// The time from a TX command to the first preamble symbol: the transmitter's power-up
    /// (UM §3.3 mentions "a few µs"; Decawave's examples allow for it) taken as 5 µs.
    static let transmitterPowerUp: Duration = .microseconds(5)

    /// Starts a transmission as SYS_CTRL.TXSTRT does (UM §3.3, §7.2.15).
    func startTransmission(delayed: Bool, awaitingResponse: Bool, suppressFCS: Bool) {
        cancelTransmitter()
        cancelReceiver()
        clearStatus(Self.clearedByTransmitterEnable)
        let control = registers.value(.txFctrl)
        let length = Int(Register.TxFctrl.tflen.value(in: control) | Register.TxFctrl.tfle.value(in: control) << 7)
        let offset = Int(Register.TxFctrl.txboffs.value(in: control))
        let bodyLength = max(0, min(length - (suppressFCS ? 0 : FrameCheckSequence.length), Register.txBuffer.length - offset))
        var frame = registers.read(file: Register.txBuffer.file, offset: offset, count: bodyLength)
        if !suppressFCS {
            let fcs = FrameCheckSequence.compute(frame)
            frame += [UInt8(fcs & 0xFF), UInt8(fcs >> 8)]
        }
        let configuration = transmitConfiguration()
        let header = configuration?.synchronisationHeaderDuration ?? .zero
        let headerTicks = Self.ticks(in: header)
        let powerUpTicks = Self.ticks(in: Self.transmitterPowerUp)
        let current = counter(at: now)
        let raw: UInt64
        if delayed {
            raw = registers.value(.dxTime) & ~UInt64(0x1FF)
            // The late check uses the internal preamble start, a synchronisation header before
            // the RMARKER; the power-up before it only shows as TXPUTE (UM §3.3, §7.2.17).
            let preambleStart = (raw &- UInt64(headerTicks)) & DeviceClock.maximumTicks
            let ahead = (preambleStart &- current) & DeviceClock.maximumTicks
            if ahead > DeviceClock.modulus / 2 {
                setStatus(Register.SysStatus.hpdwarn.mask)
            } else if ahead < UInt64(powerUpTicks) {
                setStatus(Register.SysStatus.txpute.mask)
            }
        } else {
            let earliest = (current &+ UInt64(headerTicks + powerUpTicks)) & DeviceClock.maximumTicks
            raw = ((earliest &+ 0x1FF) & ~UInt64(0x1FF)) & DeviceClock.maximumTicks
        }
        let digitalMarker = time(whenCounterReads: raw)
        let marker = digitalMarker + span(ofTicks: hardware.transmitAntennaDelay.ticks)
        let start = SimulationTime(picoseconds: marker.picoseconds - header.picoseconds)
        let end = marker + (configuration.map { $0.airtime(frameLength: frame.count) - header } ?? .zero)
        let stamp = (raw &+ UInt64(registers.value(.txAntd))) & DeviceClock.maximumTicks
        guard let simulator = environment?.simulator else { return }
        let transmission = Transmission(
            frame: frame, configuration: configuration, start: start, rmarker: marker, end: end,
            power: hardware.transmitPower, clockOffset: oscillator.offset(at: now),
            rangingBit: Register.TxFctrl.tr.value(in: control) == 1)
        // The chip's events hold it `unowned`, not weakly: whoever owns the simulator owns the chip
        // for as long (the `Emulation` owns devices, chips, medium and simulator for the whole run;
        // a test's bench owns its chips and simulator), so no event runs after its chip is gone,
        // and without weak references the chip needs no side table for its reference counts.
        let emit = simulator.schedule(at: start) { [unowned self] in
            self.environment?.transmissionStarts(transmission, from: self)
        }
        // TXFRB at the first preamble symbol, TXPRS when the SFD starts, TXPHS (with TX_TIME valid)
        // after the PHR (UM §5 good-TX sequence, §7.2.17).
        let frameBegins = simulator.schedule(at: start) { [unowned self] in
            self.setStatus(Register.SysStatus.txfrb.mask)
        }
        let preamble = configuration.map { $0.pulseRepetitionFrequency.preambleSymbolDuration * $0.preambleLength.symbols } ?? .zero
        let preambleSent = simulator.schedule(at: start + preamble) { [unowned self] in
            self.setStatus(Register.SysStatus.txprs.mask)
        }
        let headerSent = simulator.schedule(at: marker + (configuration?.phyHeaderDuration ?? .zero)) { [unowned self] in
            self.registers.set(.txStamp, stamp)
            self.registers.set(.txRawst, raw)
            self.setStatus(Register.SysStatus.txfrb.mask | Register.SysStatus.txprs.mask | Register.SysStatus.txphs.mask)
        }
        let finished = simulator.schedule(at: end) { [unowned self] in
            self.finishTransmission(awaitingResponse: awaitingResponse)
        }
        transmitter = .busy(events: [emit, frameBegins, preambleSent, headerSent, finished])
    }

    /// TXFRS; then, with WAIT4RESP, the receiver turns on W4R_TIM later (UM §7.2.15, §7.2.40).
    private func finishTransmission(awaitingResponse: Bool) {
        transmitter = .idle
        clearStatus(Register.SysStatus.txpute.mask)
        setStatus(Register.SysStatus.txfrs.mask)
        guard awaitingResponse, let simulator = environment?.simulator else { return }
        let delayUnits = Int64(Register.AckRespT.w4rTim.value(in: registers.value(.ackRespT)))
        let turnOn = now + span(ofTicks: delayUnits * 65_536)
        let event = simulator.schedule(at: turnOn) { [unowned self] in
            self.enableReceiver(delayed: false)
        }
        receiver = .starting(event: event, timeout: nil)
    }

    /// Cancels a scheduled or ongoing transmission.
    func cancelTransmitter() {
        if case .busy(let events) = transmitter {
            for event in events {
                environment?.simulator.cancel(event)
            }
        }
        transmitter = .idle
    }

    /// The configuration CHAN_CTRL, TX_FCTRL and SYS_CFG select for transmission, if valid.
    func transmitConfiguration() -> RadioConfig? {
        let channelControl = registers.value(.chanCtrl)
        let frameControl = registers.value(.txFctrl)
        let prf = PulseRepetitionFrequency(dw1000Code: Register.TxFctrl.txprf.value(in: frameControl))
        let rate = DataRate(dw1000Code: Register.TxFctrl.txbr.value(in: frameControl))
        let length = PreambleLength(
            dw1000Repetitions: Register.TxFctrl.txpsr.value(in: frameControl),
            extension: Register.TxFctrl.pe.value(in: frameControl))
        guard let prf, let rate, let length,
              let channel = Channel(rawValue: Int(Register.ChanCtrl.txChan.value(in: channelControl)))
        else { return nil }
        return try? RadioConfig(
            channel: channel, pulseRepetitionFrequency: prf, preambleLength: length,
            preambleCode: Int(Register.ChanCtrl.txPcode.value(in: channelControl)),
            startOfFrameDelimiter: Register.ChanCtrl.dwsfd.value(in: channelControl) == 1 ? .decawave : .standard,
            dataRate: rate)
    }

    /// Whole nominal ticks in `duration`, rounded up.
    static func ticks(in duration: Duration) -> Int64 {
        Int64((Double(duration.picoseconds) * 1e-12 * DeviceClock.ticksPerSecond).rounded(.up))
    }
}
