import UWBCore

extension DW3000 {
    /// Turns the receiver on now (fast command RX) or at a device time (DX_TIME and DRX, then a
    /// check of HPDWARN), with the frame-wait timeout of the window.
    public func enableReceiver(_ window: ReceiveWindow) throws(TransceiverError) {
        _ = try requireConfiguration()
        let wait = try frameWait(window.timeout)
        guard let start = window.start else {
            try onBus { () throws(SPIBusError) in
                try wait.run(on: port)
                try port.send(.receive)
            }
            return
        }
        let late = try onBus { () throws(SPIBusError) in
            try wait.run(on: port)
            try port.write(.dxTime, value: start.ticks >> 8)
            try port.send(.delayedReceive)
            return try port.readValue(.sysStatus, offset: 3, count: 1) & (DW3000Register.SysStatus.hpdwarn.mask >> 24) != 0
        }
        if late {
            try turnOff()
            throw .lateReception(scheduled: start)
        }
    }

    /// The frame-wait writes for a timeout: RX_FWTO and SYS_CFG.RXWTOE set by a masked write, or
    /// RXWTOE cleared for none (UM §8.2.2.12, the Qorvo API's `dwt_setrxtimeout`).
    ///
    /// - Throws: ``TransceiverError/durationOutOfRange(_:maximum:what:)`` for a timeout the chip
    ///   cannot count or one of zero.
    func frameWait(_ timeout: DeviceDuration?) throws(TransceiverError) -> DW3000FrameWait {
        guard let timeout else { return DW3000FrameWait(units: nil) }
        let units = try timeoutUnits(
            timeout, maximum: DW3000Constants.maximumFrameWaitUnits, what: "the receive timeout", roundingUp: true)
        guard units > 0 else {
            throw .durationOutOfRange(
                timeout, maximum: DeviceDuration(ticks: DW3000Constants.maximumFrameWaitUnits * DW3000Constants.timeoutUnit.ticks),
                what: "the receive timeout (it must be positive)")
        }
        return DW3000FrameWait(units: units)
    }
}

/// The register writes that set the frame-wait timeout of the next reception (UM §8.2.2.12).
struct DW3000FrameWait {
    /// RX_FWTO in 1.0256 µs units, or `nil` for no timeout.
    let units: Int64?

    /// RX_FWTO and RXWTOE set, or RXWTOE cleared.
    func run(on port: DW3000RegisterPort) throws(SPIBusError) {
        let enable = DW3000Register.SysCfg.rxwtoe.mask
        guard let units else {
            return try port.modify(.sysCfg, and: ~enable & 0xFFFF, or: 0, octets: 2)
        }
        try port.write(.rxFwto, value: UInt64(units))
        try port.modify(.sysCfg, and: 0xFFFF, or: enable, octets: 2)
    }
}
