import DW1000Driver
import DW3000Driver
import Logging
import UWBCore

/// The drivers of a board's chips, chosen by the chips' family: the one place that knows which
/// driver serves which chip. A DW1000 board gets ``DW1000Board``'s drivers, a DW3000-family
/// board a ``DW3000`` per chip with its calibrated antenna delays.
enum BoardDrivers {
    /// Brings up every chip of `board` on `bus` with its family's driver, in the description's
    /// order, and configures each with `configuration`.
    ///
    /// - Throws: ``BoardDriversError`` naming the chip family and the driver's error.
    static func bringUp(
        _ board: BoardDescription, bus: any SPIBus, configuration: RadioConfig, logger: Logger
    ) throws(BoardDriversError) -> [any Transceiver] {
        let families = Set(board.chips.map(\.model.family))
        guard families.count == 1, let family = families.first else { throw .mixedFamilies(board.id) }
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
}

/// Why a board's chips could not be brought up.
enum BoardDriversError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The board mixes chip families, which cannot share one radio.
    case mixedFamilies(String)
    /// A chip of `family` failed to come up or to take the configuration.
    case bringUp(ChipFamily, reason: String)

    /// What failed and what to do.
    var description: String {
        switch self {
        case .mixedFamilies(let board):
            "board \(board) mixes DW1000 and DW3000 chips, which cannot range together; describe each family's chips as a board of their own"
        case .bringUp(let family, let reason):
            "\(family) driver: \(reason)"
        }
    }
}
