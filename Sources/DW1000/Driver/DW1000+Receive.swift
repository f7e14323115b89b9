import UWBCore

extension DW1000 {
    /// Turns the receiver on now or at a device time (UM §4.2), with the frame-wait timeout set
    /// from the window.
    public func enableReceiver(_ window: ReceiveWindow) throws(TransceiverError) {
        _ = try requireConfiguration()
        try setFrameWaitTimeout(window.timeout)
        guard let start = window.start else {
            try onBus { try port.write(.sysCtrl, value: Register.SysCtrl.rxenab.placing(1), count: 2) }
            return
        }
        let late = try onBus { () throws -> Bool in
            try port.write(.dxTime, value: start.ticks)
            try port.write(.sysCtrl, value: Register.SysCtrl.rxenab.placing(1) | Register.SysCtrl.rxdlye.placing(1), count: 2)
            return try port.readValue(.sysStatus, offset: 3, count: 1) & (Register.SysStatus.hpdwarn.mask >> 24) != 0
        }
        if late {
            try turnOff()
            throw .lateReception(scheduled: start)
        }
    }

    /// Programs RX_FWTO and SYS_CFG.RXWTOE for a timeout, or clears RXWTOE for none (UM §7.2.14).
    /// SYS_CFG is written only when RXWTOE changes.
    func setFrameWaitTimeout(_ timeout: DeviceDuration?) throws(TransceiverError) {
        let config = try requireConfiguration()
        let units = try timeout.map { (value) throws(TransceiverError) in
            try timeoutUnits(value, maximum: DW1000Constants.maximumFrameWaitUnits, what: "the receive timeout", allowZero: false)
        }
        let wanted = ConfigurationPlan.systemConfiguration(config, frameWaitTimeout: units != nil)
        try onBus {
            if let units {
                try port.write(.rxFwto, value: UInt64(units))
            }
            if wanted != systemConfiguration {
                try port.write(.sysCfg, value: wanted)
            }
        }
        systemConfiguration = wanted
    }

    /// A duration in the chip's 1.0256 µs timeout units, rounded in the safe direction: up for a
    /// timeout (the window is never shorter than asked), down for a delay before the receiver turns
    /// on (it is never later than asked).
    func timeoutUnits(
        _ value: DeviceDuration, maximum: Int64, what: String, allowZero: Bool, roundingUp: Bool = true
    ) throws(TransceiverError) -> Int64 {
        let unit = DW1000Constants.timeoutUnit.ticks
        let largest = DeviceDuration(ticks: maximum * unit)
        guard value.ticks >= 0, value <= largest else {
            throw .durationOutOfRange(value, maximum: largest, what: what)
        }
        let units = roundingUp ? (value.ticks + unit - 1) / unit : value.ticks / unit
        guard allowZero || units > 0 else {
            throw .durationOutOfRange(value, maximum: largest, what: "\(what) (it must be positive)")
        }
        return units
    }
}
