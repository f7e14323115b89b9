import UWBCore

extension DW1000 {
    /// Schedules a delayed transmission (UM §3.3): the frame, its length, DX_TIME, then
    /// TXSTRT|TXDLYS in one write; then checks that the chip did not find the time already past.
    ///
    /// The returned timestamp is exact: the chip starts on the 512-tick grid, so the frame's
    /// TX_STAMP is `time` with its low 9 bits cleared plus the TX antenna delay.
    @discardableResult
    public func transmit(_ frame: [UInt8], at time: DeviceTime, awaiting response: ResponseWindow?) throws(TransceiverError) -> DeviceTime {
        try prepareTransmission(frame, awaiting: response)
        let start = DeviceTime(wrapping: time.ticks & ~UInt64(DW1000Constants.delayedTimeGranularity.ticks - 1))
        let late = try onBus { () throws -> Bool in
            try port.write(.dxTime, value: time.ticks)
            try port.write(.sysCtrl, value: startCommand(delayed: true, awaitingResponse: response != nil), count: 1)
            return try port.readValue(.sysStatus, offset: 3, count: 2) & Self.lateTransmitWarnings != 0
        }
        if late {
            try onBus { try port.write(.sysCtrl, value: Register.SysCtrl.trxoff.placing(1), count: 1) }
            throw .lateTransmission(scheduled: time)
        }
        return start + antennaDelays.transmit
    }

    /// Starts a transmission now (TXSTRT); its timestamp comes with the TX-done event.
    public func transmitImmediately(_ frame: [UInt8], awaiting response: ResponseWindow?) throws(TransceiverError) {
        try prepareTransmission(frame, awaiting: response)
        try onBus {
            try port.write(.sysCtrl, value: startCommand(delayed: false, awaitingResponse: response != nil), count: 1)
        }
    }

    /// HPDWARN (bit 27) and TXPUTE (bit 34) seen from SYS_STATUS octet 3: Decawave `dwt_starttx`
    /// tests exactly this 16-bit mask after a delayed start.
    static let lateTransmitWarnings: UInt64 = (Register.SysStatus.hpdwarn.mask | Register.SysStatus.txpute.mask) >> 24

    /// Writes the frame and its length, and the response window if any.
    private func prepareTransmission(_ frame: [UInt8], awaiting response: ResponseWindow?) throws(TransceiverError) {
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
        try onBus {
            try port.write(RegisterWrite(.txBuffer, octets: frame))
            try port.write(.txFctrl, value: frameControl | Register.TxFctrl.tflen.placing(UInt64(length)), count: 4)
            if let responseDelay {
                try port.write(.ackRespT, value: Register.AckRespT.w4rTim.placing(UInt64(responseDelay)))
            }
        }
        if let response {
            try setFrameWaitTimeout(response.timeout)
        }
    }

    /// SYS_CTRL octet 0 for a start: TXSTRT, plus TXDLYS and WAIT4RESP as asked.
    private func startCommand(delayed: Bool, awaitingResponse: Bool) -> UInt64 {
        Register.SysCtrl.txstrt.placing(1)
            | Register.SysCtrl.txdlys.placing(delayed ? 1 : 0)
            | Register.SysCtrl.wait4resp.placing(awaitingResponse ? 1 : 0)
    }
}
