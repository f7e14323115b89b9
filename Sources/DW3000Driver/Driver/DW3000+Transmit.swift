import UWBCore

extension DW3000 {
    /// Schedules a delayed transmission: the frame, TX_FCTRL with its length, the response window
    /// if any, DX_TIME (bits 39:8 of `time`), the fast command DTX (or DTX_W4R), then a check of
    /// SYS_STATUS.HPDWARN, which says the time had already passed (the Qorvo API's `dwt_starttx`).
    ///
    /// The returned timestamp is exact: the chip starts on the 512-tick grid, so TX_STAMP is `time`
    /// with its low 9 bits cleared plus the TX antenna delay.
    @discardableResult
    public func transmit(_ frame: [UInt8], at time: DeviceTime, awaiting response: ResponseWindow?) throws(TransceiverError) -> DeviceTime {
        try prepareTransmission(frame, awaiting: response)
        let late = try onBus { () throws(SPIBusError) in
            try port.write(.dxTime, value: time.ticks >> 8)
            try port.send(response == nil ? .delayedTransmit : .delayedTransmitAwaitingResponse)
            return try port.readValue(.sysStatus, offset: 3, count: 1) & (DW3000Register.SysStatus.hpdwarn.mask >> 24) != 0
        }
        if late {
            try onBus { () throws(SPIBusError) in try port.send(.turnOff) }
            throw .lateTransmission(scheduled: time)
        }
        let start = DeviceTime(wrapping: time.ticks & ~UInt64(DW3000Constants.delayedTimeGranularity.ticks - 1))
        return start + transmitAntennaDelay
    }

    /// Starts a transmission now (fast command TX, or TX_W4R); its timestamp comes with the
    /// TX-done event.
    public func transmitImmediately(_ frame: [UInt8], awaiting response: ResponseWindow?) throws(TransceiverError) {
        try prepareTransmission(frame, awaiting: response)
        try onBus { () throws(SPIBusError) in
            try port.send(response == nil ? .transmit : .transmitAwaitingResponse)
        }
    }

    /// Checks the frame and the response window, then writes TX_BUFFER, TX_FCTRL (octets 0–3:
    /// length with FCS, rate, ranging bit) and, for a response window, ACK_RESP_T.W4R_TIM and the
    /// frame-wait timeout.
    private func prepareTransmission(_ frame: [UInt8], awaiting response: ResponseWindow?) throws(TransceiverError) {
        _ = try requireConfiguration()
        let length = frame.count + FrameCheckSequence.length
        guard length <= DW3000Constants.maximumFrameLength else {
            throw .frameTooLong(length: length, maximum: DW3000Constants.maximumFrameLength)
        }
        let delay = try response.map { (window) throws(TransceiverError) in
            try timeoutUnits(
                window.delay, maximum: DW3000Constants.maximumResponseDelayUnits, what: "the response delay", roundingUp: false)
        }
        let wait = try response.map { (window) throws(TransceiverError) in try frameWait(window.timeout) }
        let control = frameControl | DW3000Register.TxFctrl.txflen.placing(UInt64(length))
        try onBus { () throws(SPIBusError) in
            try port.write(.txBuffer, octets: frame)
            try port.write(.txFctrl, value: control, count: 4)
            if let delay {
                try port.write(.ackRespT, value: DW3000Register.AckRespT.w4rTim.placing(UInt64(delay)))
            }
            try wait?.run(on: port)
        }
    }
}
