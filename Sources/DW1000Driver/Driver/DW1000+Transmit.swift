import UWBCore

extension DW1000 {
    /// Schedules a delayed transmission (UM §3.3): the frame, its length, DX_TIME, then
    /// TXSTRT|TXDLYS in one write; then checks that the chip did not find the time already past.
    /// On a bus that batches, all of it is one round trip.
    ///
    /// The returned timestamp is exact: the chip starts on the 512-tick grid, so the frame's
    /// TX_STAMP is `time` with its low 9 bits cleared plus the TX antenna delay.
    @discardableResult
    public func transmit(_ frame: [UInt8], at time: DeviceTime, awaiting response: ResponseWindow?) throws(TransceiverError) -> DeviceTime {
        let transmission = try prepareTransmission(frame, awaiting: response)
        let start = DeviceTime(wrapping: time.ticks & ~UInt64(DW1000Constants.delayedTimeGranularity.ticks - 1))
        let command = startCommand(delayed: true, awaitingResponse: response != nil)
        let late = try onBus {
            try port.batch { (batch: inout RegisterBatch) throws(SPIBusError) -> Bool in
                try transmission.write(into: &batch)
                try batch.write(.dxTime, value: time.ticks)
                try batch.write(.sysCtrl, value: command, count: 1)
                return try batch.readValue(.sysStatus, offset: 3, count: 2) & Self.lateTransmitWarnings != 0
            }
        }
        record(transmission)
        if late {
            try onBus { try port.write(.sysCtrl, value: DW1000Register.SysCtrl.trxoff.placing(1), count: 1) }
            throw .lateTransmission(scheduled: time)
        }
        return start + antennaDelays.transmit
    }

    /// Starts a transmission now (TXSTRT); its timestamp comes with the TX-done event. On a bus
    /// that batches, the writes go out together.
    public func transmitImmediately(_ frame: [UInt8], awaiting response: ResponseWindow?) throws(TransceiverError) {
        let transmission = try prepareTransmission(frame, awaiting: response)
        let command = startCommand(delayed: false, awaitingResponse: response != nil)
        try onBus {
            try port.batch { (batch: inout RegisterBatch) throws(SPIBusError) in
                try transmission.write(into: &batch)
                try batch.write(.sysCtrl, value: command, count: 1)
            }
        }
        record(transmission)
    }

    /// HPDWARN (bit 27) and TXPUTE (bit 34) seen from SYS_STATUS octet 3: Decawave `dwt_starttx`
    /// tests exactly this 16-bit mask after a delayed start.
    static let lateTransmitWarnings: UInt64 = (DW1000Register.SysStatus.hpdwarn.mask | DW1000Register.SysStatus.txpute.mask) >> 24

    /// The writes before a start: the frame, its length, and the response window if any; every
    /// check is done here, before anything is written.
    private func prepareTransmission(_ frame: [UInt8], awaiting response: ResponseWindow?) throws(TransceiverError) -> TransmissionSetup {
        _ = try requireConfiguration()
        let length = frame.count + FrameCheckSequence.length
        guard length <= DW1000Constants.maximumFrameLength else {
            throw .frameTooLong(length: length, maximum: DW1000Constants.maximumFrameLength)
        }
        let responseDelay = try response.map { (window) throws(TransceiverError) in
            try timeoutUnits(
                window.delay, maximum: DW1000Constants.maximumResponseDelayUnits, what: "the response delay",
                allowZero: true, roundingUp: false)
        }
        let wait = try response.map { (window) throws(TransceiverError) in try frameWaitSetting(window.timeout) }
        return TransmissionSetup(
            frame: frame, frameControl: frameControl | DW1000Register.TxFctrl.tflen.placing(UInt64(length)),
            responseDelay: responseDelay, frameWait: wait)
    }

    /// Records the SYS_CFG a transmission's writes, now sent, left in the chip.
    private func record(_ transmission: TransmissionSetup) {
        if let wait = transmission.frameWait {
            systemConfiguration = wait.systemConfiguration
        }
    }

    /// SYS_CTRL octet 0 for a start: TXSTRT, plus TXDLYS and WAIT4RESP as asked.
    private func startCommand(delayed: Bool, awaitingResponse: Bool) -> UInt64 {
        DW1000Register.SysCtrl.txstrt.placing(1)
            | DW1000Register.SysCtrl.txdlys.placing(delayed ? 1 : 0)
            | DW1000Register.SysCtrl.wait4resp.placing(awaitingResponse ? 1 : 0)
    }
}
