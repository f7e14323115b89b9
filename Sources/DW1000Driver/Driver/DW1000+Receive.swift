import UWBCore

extension DW1000 {
    /// Turns the receiver on now or at a device time (UM §4.2), with the frame-wait timeout set
    /// from the window.
    public func enableReceiver(_ window: ReceiveWindow) throws(TransceiverError) {
        let wait = try frameWaitSetting(window.timeout)
        guard let start = window.start else {
            try onBus {
                try port.batch { (batch: inout RegisterBatch) throws(SPIBusError) in
                    try wait.write(into: &batch)
                    try batch.write(.sysCtrl, value: DW1000Register.SysCtrl.rxenab.placing(1), count: 2)
                }
            }
            systemConfiguration = wait.systemConfiguration
            return
        }
        let late = try onBus {
            try port.batch { (batch: inout RegisterBatch) throws(SPIBusError) -> Bool in
                try wait.write(into: &batch)
                try batch.write(.dxTime, value: start.ticks)
                try batch.write(.sysCtrl, value: DW1000Register.SysCtrl.rxenab.placing(1) | DW1000Register.SysCtrl.rxdlye.placing(1), count: 2)
                return try batch.readValue(.sysStatus, offset: 3, count: 1) & (DW1000Register.SysStatus.hpdwarn.mask >> 24) != 0
            }
        }
        systemConfiguration = wait.systemConfiguration
        if late {
            try turnOff()
            throw .lateReception(scheduled: start)
        }
    }

    /// The writes of RX_FWTO and SYS_CFG.RXWTOE for a timeout, or of RXWTOE cleared for none
    /// (UM §7.2.14); SYS_CFG is written only when RXWTOE changes.
    ///
    /// - Throws: ``TransceiverError/notConfigured``, or
    ///   ``TransceiverError/durationOutOfRange(_:maximum:what:)`` for a timeout the chip cannot count.
    func frameWaitSetting(_ timeout: DeviceDuration?) throws(TransceiverError) -> FrameWaitSetting {
        guard let configurations = frameWaitSystemConfigurations else { throw .notConfigured }
        let units = try timeout.map { (value) throws(TransceiverError) in
            try timeoutUnits(value, maximum: DW1000Constants.maximumFrameWaitUnits, what: "the receive timeout", allowZero: false)
        }
        let wanted = configurations.systemConfiguration(timeout: units != nil)
        return FrameWaitSetting(units: units, systemConfiguration: wanted, changesSystemConfiguration: wanted != systemConfiguration)
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
