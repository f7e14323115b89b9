import Logging
import UWBCore

/// A driver for one DW1000 transceiver on an SPI bus.
///
/// Creating a `DW1000` brings the chip up: it pulses reset, checks DEV_ID, resets the chip's
/// logic, loads the crystal trim and the leading-edge-detection microcode, waits for the clock PLL
/// and unmasks the interrupts it handles. Then ``configure(_:)`` selects the channel and the
/// `Transceiver` operations (from UWBCore) send and receive timestamped frames.
///
/// The driver runs on the bus's radio loop: every call is a short sequence of blocking register
/// transactions, and none waits for the air.
public final class DW1000 {
    /// Register access to the chip.
    let port: DW1000RegisterPort

    /// The configuration last applied, if any.
    public var configuration: RadioConfig? { appliedConfiguration }

    /// The storage behind ``configuration``, read on every reception: as an internal property,
    /// all its accesses are visible to the optimiser, which can then leave out the runtime
    /// exclusivity checks a public stored property of a class needs.
    var appliedConfiguration: RadioConfig? {
        didSet { updateFrameWaitSystemConfigurations() }
    }

    /// The antenna delays the chip applies to its timestamps.
    public private(set) var antennaDelays: AntennaDelays

    /// Whether each reception also reads the accumulator at the first path to report
    /// ``ReceptionDiagnostics/firstPathPhase`` (four more transactions per frame). ``DW1000Board``
    /// turns it on for chips that share a clock with another.
    public var measuresFirstPathPhase: Bool {
        get { readsFirstPathPhase }
        set { readsFirstPathPhase = newValue }
    }

    /// The storage behind ``measuresFirstPathPhase``, read on every reception: internal, like
    /// ``appliedConfiguration``, so that those reads need no runtime exclusivity check.
    var readsFirstPathPhase = false

    /// The diagnostics of the last good frame received since ``configure(_:)``, whose channel
    /// impulse response the accumulator holds (``readChannelImpulseResponse(_:samples:)``); `nil`
    /// until one arrives.
    var lastReception: ReceptionDiagnostics?

    /// SYS_CFG as last written.
    var systemConfiguration: UInt64 = 0

    /// SYS_CFG as a receiver enable writes it, for the configuration and frame filter in force;
    /// `nil` until ``configure(_:)``. Worked out again whenever either changes, so no writer of them
    /// can leave it stale.
    private(set) var frameWaitSystemConfigurations: FrameWaitSystemConfigurations?

    /// The hardware frame filter in force (``filterFrames(_:)``), if any.
    public var frameFilter: FrameFilter? { activeFrameFilter }

    /// The storage behind ``frameFilter``.
    var activeFrameFilter: FrameFilter? {
        didSet { updateFrameWaitSystemConfigurations() }
    }

    /// Works ``frameWaitSystemConfigurations`` out for the configuration and frame filter in force.
    private func updateFrameWaitSystemConfigurations() {
        frameWaitSystemConfigurations = appliedConfiguration.map {
            FrameWaitSystemConfigurations($0, frameFilter: activeFrameFilter)
        }
    }

    /// The SYS_STATUS events unmasked in SYS_MASK: ``handledEvents``, less AFFREJ while a frame
    /// filter is on.
    var unmaskedEvents = DW1000.handledEvents

    /// TX_FCTRL without the frame length, for the current configuration.
    var frameControl: UInt64 = 0

    /// The chip-select line of this chip.
    public var chip: ChipSelect { port.chip }

    /// Where the driver logs, with the `chip` metadata key set (``DW1000Logging``).
    let logger: Logger

    /// Brings up the DW1000 on `chip` of `bus` and programs its antenna delays.
    ///
    /// The driver logs to `logger` (by default one labelled ``DW1000Logging/label``), adding the
    /// `chip` metadata key: the bring-up at `debug`, a failed bring-up at `warning`, and every SPI
    /// transaction at `trace` if the logger's level was `trace` when the driver was created (it
    /// asks once, so that a driver that does not trace pays nothing per transaction).
    ///
    /// - Throws: ``DW1000Error/unexpectedDeviceID(_:chip:)`` if the chip does not identify as a
    ///   DW1000, ``DW1000Error/stepDidNotFinish(_:chip:)`` if it does not come up, or
    ///   ``DW1000Error/bus(_:)``.
    public init(
        bus: any SPIBus, chip: ChipSelect, antennaDelays: AntennaDelays = .decawaveExample,
        logger: Logger = DW1000Logging.logger()
    ) throws(DW1000Error) {
        var logger = logger
        logger[metadataKey: LogMetadataKey.chip] = "\(chip)"
        self.logger = logger
        self.port = DW1000RegisterPort(bus: logger.logLevel == .trace ? TracingSPIBus(bus, logger: logger) : bus, chip: chip)
        self.antennaDelays = antennaDelays
        do {
            try bringUp()
            try setAntennaDelays(antennaDelays)
        } catch {
            let failure = Self.bringUpError(error)
            logger.warning("DW1000 bring-up failed", metadata: [LogMetadataKey.error: "\(failure)"])
            throw failure
        }
        logger.debug(
            "DW1000 up",
            metadata: [
                "antenna_delay.tx": "\(antennaDelays.transmit.ticks)", "antenna_delay.rx": "\(antennaDelays.receive.ticks)",
            ])
    }

    /// `error`, thrown by the bring-up, as a ``DW1000Error``.
    private static func bringUpError(_ error: any Error) -> DW1000Error {
        switch error {
        case let error as DW1000Error: error
        case let error as SPIBusError: .bus(error)
        default: .bus(.transferFailed("\(error)"))
        }
    }

    /// Programs new antenna delays; later timestamps use them.
    ///
    /// - Throws: ``DW1000Error/bus(_:)`` if the registers could not be written.
    public func setAntennaDelays(_ delays: AntennaDelays) throws(DW1000Error) {
        do {
            try port.write(.txAntd, value: UInt64(delays.transmit.ticks))
            try port.write(.ldeRxantd, value: UInt64(delays.receive.ticks))
        } catch {
            throw .bus(error)
        }
        antennaDelays = delays
    }

    /// Reads DEV_ID and checks that it is a DW1000's 0xDECA0130.
    ///
    /// - Throws: ``DW1000Error/unexpectedDeviceID(_:chip:)`` explaining what the value suggests.
    public func identify() throws(DW1000Error) {
        let value: UInt32
        do {
            value = UInt32(truncatingIfNeeded: try port.readValue(.devId))
        } catch {
            throw .bus(error)
        }
        logger.debug("DEV_ID read", metadata: ["dev_id": "\(hex32(value))"])
        guard value == DW1000Constants.deviceID else { throw .unexpectedDeviceID(value, chip: chip) }
    }
}
