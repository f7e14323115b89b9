import UWBCore

extension DW3000: Transceiver {
    /// One receiver, frames up to 127 octets, delayed TX on a 512-tick grid, receive timeouts up to
    /// 2^20 − 1 units of 1.0256 µs (about 1.07 s), and an STS.
    public var capabilities: TransceiverCapabilities {
        TransceiverCapabilities(
            coherentReceivers: 1,
            maximumFrameLength: DW3000Constants.maximumFrameLength,
            delayedTransmitGranularity: DW3000Constants.delayedTimeGranularity,
            maximumReceiveTimeout: DeviceDuration(
                ticks: DW3000Constants.maximumFrameWaitUnits * DW3000Constants.timeoutUnit.ticks),
            secureTimestamps: true)
    }

    /// Reads SYS_TIME, which holds bits 39:8 of the device time.
    public func systemTime() throws(TransceiverError) -> DeviceTime {
        try onBus { () throws(SPIBusError) in DeviceTime(wrapping: try port.readValue(.sysTime) << 8) }
    }

    /// Aborts TX and RX (fast command TXRXOFF) and clears every event the driver handles.
    public func turnOff() throws(TransceiverError) {
        try onBus { () throws(SPIBusError) in
            try port.send(.turnOff)
            try port.write(.sysStatus, value: Self.handledEvents | Self.progressEvents, count: 4)
        }
    }

    /// Writes the low two words of frame `index`'s IV (STS_IV bits 63:0: the counter and the word
    /// above it) and loads the IV into the STS generator (STS_CTRL.LOAD_IV), as
    /// `dwt_writetodevice(STS_IV0_ID, …)` and `dwt_configurestsloadiv()` of the Qorvo API do; no
    /// SPI traffic when the configuration has no STS.
    public func loadSecureTimestampSequence(frame index: UInt32) throws(TransceiverError) {
        guard let sts = try requireConfiguration().secureTimestamps else { return }
        // The register holds the IV least significant octet first.
        let image = sts.initializationVector(forFrame: index).octets.reversed().prefix(8)
        try onBus { () throws(SPIBusError) in
            try port.write(.stsIv, octets: Array(image))
            try port.modify(.stsCtrl, and: 0xFF, or: DW3000Register.StsCtrl.loadIv.mask, octets: 1)
        }
    }

    /// Waits on the chip's IRQ line through the bus.
    public func waitForInterrupt(until deadline: ContinuousClock.Instant) throws(TransceiverError) -> Bool {
        try onBus { () throws(SPIBusError) in try port.bus.waitForInterrupt(on: chip, until: deadline) }
    }

    /// Every TX and RX progress event of a frame: AAT, TXFRB, TXPRS, TXPHS, RXPRD, RXSFDD,
    /// CIADONE, RXPHD, RXFR (the Qorvo API's `SYS_STATUS_ALL_TX` and good-RX masks).
    static let progressEvents: UInt64 = DW3000Register.SysStatus.aat.mask | DW3000Register.SysStatus.txfrb.mask
        | DW3000Register.SysStatus.txprs.mask | DW3000Register.SysStatus.txphs.mask
        | DW3000Register.SysStatus.rxprd.mask | DW3000Register.SysStatus.rxsfdd.mask
        | DW3000Register.SysStatus.ciadone.mask | DW3000Register.SysStatus.rxphd.mask
        | DW3000Register.SysStatus.rxfr.mask | DW3000Register.SysStatus.cperr.mask

    /// Runs register transactions, turning bus failures into ``TransceiverError/bus(_:)``.
    func onBus<T>(_ body: () throws(SPIBusError) -> T) throws(TransceiverError) -> T {
        do {
            return try body()
        } catch {
            throw .bus(error)
        }
    }

    /// The configuration, or ``TransceiverError/notConfigured``.
    func requireConfiguration() throws(TransceiverError) -> RadioConfig {
        guard let configuration else { throw .notConfigured }
        return configuration
    }

    /// A duration in the chip's 1.0256 µs timeout units, rounded up for a timeout (never shorter
    /// than asked) and down for a delay (never later than asked).
    func timeoutUnits(
        _ value: DeviceDuration, maximum: Int64, what: String, roundingUp: Bool
    ) throws(TransceiverError) -> Int64 {
        let unit = DW3000Constants.timeoutUnit.ticks
        let largest = DeviceDuration(ticks: maximum * unit)
        guard value.ticks >= 0, value <= largest else {
            throw .durationOutOfRange(value, maximum: largest, what: what)
        }
        return roundingUp ? (value.ticks + unit - 1) / unit : value.ticks / unit
    }
}
