import Logging
import UWBCore

extension DW1000: Transceiver {
    /// One receiver, frames up to 127 octets, delayed TX on a 512-tick grid, and receive
    /// timeouts up to 65535 × 1.0256 µs ≈ 67.2 ms.
    public var capabilities: TransceiverCapabilities {
        TransceiverCapabilities(
            coherentReceivers: 1,
            maximumFrameLength: DW1000Constants.maximumFrameLength,
            delayedTransmitGranularity: DW1000Constants.delayedTimeGranularity,
            maximumReceiveTimeout: DeviceDuration(
                ticks: DW1000Constants.maximumFrameWaitUnits * DW1000Constants.timeoutUnit.ticks))
    }

    /// Writes the tuning the user manual prescribes for `config` (UM §2.5.5: SYS_CFG, LDE, PLL,
    /// RF and TX power, receiver and AGC tuning, SFD, CHAN_CTRL, TX_FCTRL, in the order of Decawave's
    /// `dwt_configure`), then TXSTRT|TRXOFF in one write, which Decawave's driver does to
    /// initialise the SFD logic after a channel change.
    public func configure(_ config: RadioConfig) throws(TransceiverError) {
        lastReception = nil
        let plan = try ConfigurationPlan(config, frameFilter: activeFrameFilter)
        do {
            try onBus {
                for write in plan.writes {
                    try port.write(write)
                }
                try port.write(.sysCtrl, value: DW1000Register.SysCtrl.txstrt.placing(1) | DW1000Register.SysCtrl.trxoff.placing(1), count: 1)
            }
        } catch {
            logger.warning("DW1000 configuration failed", metadata: [LogMetadataKey.error: "\(error)"])
            throw error
        }
        logger.debug("DW1000 configured", metadata: ["configuration": "\(config)"])
        appliedConfiguration = config
        systemConfiguration = ConfigurationPlan.systemConfiguration(config, frameWaitTimeout: false, frameFilter: activeFrameFilter)
        frameControl = ConfigurationPlan.frameControl(config)
    }

    /// Reads SYS_TIME.
    public func systemTime() throws(TransceiverError) -> DeviceTime {
        try onBus { DeviceTime(wrapping: try port.readValue(.sysTime)) }
    }

    /// Aborts TX and RX (SYS_CTRL.TRXOFF) and clears every TX and RX event, as Decawave's
    /// `dwt_forcetrxoff` does.
    public func turnOff() throws(TransceiverError) {
        try onBus {
            try port.write(.sysCtrl, value: DW1000Register.SysCtrl.trxoff.placing(1), count: 1)
            try port.write(.sysStatus, value: Self.handledEvents | Self.transmitProgressEvents | Self.receiveProgressEvents, count: 4)
        }
    }

    /// Does nothing: a DW1000 has no scrambled timestamp sequence (``configure(_:)`` refuses one).
    public func loadSecureTimestampSequence(frame index: UInt32) throws(TransceiverError) {}

    /// Waits on the chip's IRQ line through the bus.
    public func waitForInterrupt(until deadline: ContinuousClock.Instant) throws(TransceiverError) -> Bool {
        try onBus { try port.bus.waitForInterrupt(on: chip, until: deadline) }
    }

    /// Runs register transactions, turning bus failures into ``TransceiverError/bus(_:)``.
    func onBus<T>(_ body: () throws -> T) throws(TransceiverError) -> T {
        do {
            return try body()
        } catch let error as SPIBusError {
            throw .bus(error)
        } catch let error as TransceiverError {
            throw error
        } catch {
            throw .hardwareFault("\(error)")
        }
    }

    /// The configuration, or ``TransceiverError/notConfigured``.
    func requireConfiguration() throws(TransceiverError) -> RadioConfig {
        guard let appliedConfiguration else { throw .notConfigured }
        return appliedConfiguration
    }

    /// Every TX progress event (AAT, TXFRB, TXPRS, TXPHS, TXFRS): Decawave's SYS_STATUS_ALL_TX.
    static let transmitProgressEvents: UInt64 = 0xF8

    /// Every RX progress event of a good frame (RXPRD, RXSFDD, LDEDONE, RXPHD, RXDFR, RXFCG):
    /// Decawave's SYS_STATUS_ALL_RX_GOOD.
    static let receiveProgressEvents: UInt64 = 0x0000_6F00
}
