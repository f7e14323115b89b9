import Logging
import UWBCore

/// A driver for one DW3000-family transceiver (DW3110, DW3120, DW3210, DW3220) on an SPI bus.
///
/// Creating a `DW3000` brings the chip up as the user manual prescribes: it pulses reset, checks
/// DEV_ID, resets the chip's logic, waits for IDLE_RC, reads and applies the OTP calibration (LDO
/// and bias tune, crystal trim) and unmasks the interrupts it handles. ``configure(_:)`` then
/// locks the PLL on channel 5 or 9, loads the receiver tuning, calibrates the receiver and sets
/// the STS; the `Transceiver` operations (from UWBCore) send and receive timestamped frames.
///
/// Every call is a short sequence of blocking register transactions; the only waits are bounded
/// polls of status bits (decision 0002), never the wall clock.
public final class DW3000 {
    /// Register access to the chip.
    let port: DW3000RegisterPort

    /// The configuration last applied, if any.
    public internal(set) var configuration: RadioConfig?

    /// The calibration values read from the chip's OTP memory at bring-up.
    public private(set) var calibration: OTPCalibration

    /// Whether the chip has two antenna ports and measures the phase difference between them
    /// (DW3x20 parts: DEV_ID 0xDECA0312).
    public let measuresPhaseDifference: Bool

    /// The TX antenna delay added to TX timestamps (TX_ANTD).
    public private(set) var transmitAntennaDelay: DeviceDuration

    /// The RX antenna delay taken off RX timestamps (CIA_CONF.RXANTD).
    public private(set) var receiveAntennaDelay: DeviceDuration

    /// The diagnostics of the last good frame received since ``configure(_:)``, whose channel
    /// impulse response the CIR memory holds (``readChannelImpulseResponse(_:samples:)``); `nil`
    /// until one arrives.
    var lastReception: ReceptionDiagnostics?

    /// TX_FCTRL octets 0–3 without the frame length, for the current configuration.
    var frameControl: UInt64 = 0

    /// The chip-select line of this chip.
    public var chip: ChipSelect { port.chip }

    /// Where the driver logs, with the `chip` metadata key set.
    let logger: Logger

    /// Brings up the DW3000 on `chip` of `bus` and programs its antenna delays (16436 ticks each by
    /// default, Decawave's example value; calibrate each board).
    ///
    /// - Throws: ``DW3000Error/unexpectedDeviceID(_:chip:)`` if the chip is not a DW3000 (naming
    ///   a DW1000 when one answers), ``DW3000Error/stepDidNotFinish(_:chip:)`` if it does not
    ///   reach IDLE_RC, ``DW3000Error/otpValueOutOfRange(word:address:field:value:allowed:)`` for
    ///   unusable OTP calibration, or ``DW3000Error/bus(_:)``.
    public init(
        bus: any SPIBus, chip: ChipSelect,
        transmitAntennaDelay: DeviceDuration = DeviceDuration(ticks: 16_436),
        receiveAntennaDelay: DeviceDuration = DeviceDuration(ticks: 16_436),
        logger: Logger = DW3000Logging.logger()
    ) throws(DW3000Error) {
        var logger = logger
        logger[metadataKey: LogMetadataKey.chip] = "\(chip)"
        self.logger = logger
        self.port = DW3000RegisterPort(bus: bus, chip: chip)
        self.transmitAntennaDelay = transmitAntennaDelay
        self.receiveAntennaDelay = receiveAntennaDelay
        do {
            measuresPhaseDifference = try Self.bringUp(port, logger: logger)
            calibration = try OTPCalibration(reading: OTPReader(port: port))
            try apply(calibration)
            try setAntennaDelays(transmit: transmitAntennaDelay, receive: receiveAntennaDelay)
        } catch {
            logger.warning("DW3000 bring-up failed", metadata: [LogMetadataKey.error: "\(error)"])
            throw error
        }
        logger.debug("DW3000 up", metadata: ["pdoa": "\(measuresPhaseDifference)", "otp": "\(calibration)"])
    }

    /// Programs new antenna delays (TX_ANTD and CIA_CONF.RXANTD); later timestamps use them.
    ///
    /// - Throws: ``DW3000Error/antennaDelayOutOfRange(_:register:)`` unless each is 0...65535
    ///   ticks, or ``DW3000Error/bus(_:)``.
    public func setAntennaDelays(transmit: DeviceDuration, receive: DeviceDuration) throws(DW3000Error) {
        let range = 0...DW3000Constants.maximumAntennaDelayTicks
        guard range.contains(transmit.ticks) else { throw .antennaDelayOutOfRange(transmit, register: "TX_ANTD") }
        guard range.contains(receive.ticks) else { throw .antennaDelayOutOfRange(receive, register: "CIA_CONF.RXANTD") }
        do {
            try port.write(.txAntd, value: UInt64(transmit.ticks))
            try port.write(.ciaConf, value: UInt64(receive.ticks), count: 2)
        } catch {
            throw .bus(error)
        }
        transmitAntennaDelay = transmit
        receiveAntennaDelay = receive
    }
}
