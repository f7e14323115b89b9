import DW1000Driver
import DW3000Driver
import Logging
import UWBCore

/// The drivers of a board's chips, chosen by the chips' family: the one place that knows which
/// driver serves which chip, for USB boards, the emulator service's devices and the in-process
/// emulator's devices alike (decision 0022). A DW1000 board gets ``DW1000Board``'s drivers, a
/// DW3000-family board a ``DW3000`` per chip with its calibrated antenna delays.
public enum BoardDrivers {
    /// Brings up every chip of `board` on `bus` with its family's driver, in the description's
    /// order, and configures each with `configuration`.
    ///
    /// - Parameter logger: where the drivers log; ``logger(for:)`` gives the family's own.
    /// - Throws: ``BoardDriversError`` naming the chip family and the driver's error.
    public static func bringUp(
        _ board: BoardDescription, bus: any SPIBus, configuration: RadioConfig, logger: Logger
    ) throws(BoardDriversError) -> [any Transceiver] {
        let family = try family(of: board)
        let drivers: [any Transceiver]
        switch family {
        case .dw1000:
            do {
                drivers = try DW1000Board(board, bus: bus, logger: logger).chips
            } catch {
                throw .bringUp(family, reason: error.description)
            }
        case .dw3000:
            var chips: [any Transceiver] = []
            var logger = logger
            logger[metadataKey: LogMetadataKey.board] = "\(board.id)"
            for chip in board.chips {
                do {
                    chips.append(try DW3000(
                        bus: bus, chip: chip.chipSelect, transmitAntennaDelay: chip.calibration.txAntennaDelay,
                        receiveAntennaDelay: chip.calibration.rxAntennaDelay, logger: logger))
                } catch {
                    throw .bringUp(family, reason: error.description)
                }
            }
            drivers = chips
        }
        for driver in drivers {
            do {
                try driver.configure(configuration)
            } catch {
                throw .bringUp(family, reason: error.description)
            }
        }
        return drivers
    }

    /// The one chip family of `board`'s chips.
    ///
    /// - Throws: ``BoardDriversError/mixedFamilies(_:)`` if its chips are of both families.
    public static func family(of board: BoardDescription) throws(BoardDriversError) -> ChipFamily {
        let families = Set(board.chips.map(\.model.family))
        guard families.count == 1, let family = families.first else { throw .mixedFamilies(board.id) }
        return family
    }

    /// A logger with the label of `family`'s driver (`Docs/logging.md`): ``DW1000Logging`` or
    /// ``DW3000Logging``.
    public static func logger(for family: ChipFamily) -> Logger {
        switch family {
        case .dw1000: DW1000Logging.logger()
        case .dw3000: DW3000Logging.logger()
        }
    }
}
