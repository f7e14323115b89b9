import Logging
import UWBCore

/// The DW1000 chips of one board, each brought up with its own driver on its own chip select.
///
/// The board description says which chips share an oscillator (and so can compare carrier phase)
/// and where their antennas are; each chip gets the antenna delays of its calibration.
public final class DW1000Board {
    /// What the board is.
    public let board: BoardDescription

    /// One driver per chip, in the order of the description.
    public let chips: [DW1000]

    /// Brings up every chip of `board` on `bus`, each driver logging to `logger` with the `board`
    /// metadata key added (see ``DW1000/init(bus:chip:antennaDelays:logger:)``).
    ///
    /// - Throws: ``DW1000Error/boardMismatch(_:)`` if the bus has fewer chip selects than the board
    ///   needs, or the first error of a chip's bring-up.
    public init(_ board: BoardDescription, bus: any SPIBus, logger: Logger = DW1000Logging.logger()) throws(DW1000Error) {
        var logger = logger
        logger[metadataKey: LogMetadataKey.board] = "\(board.id)"
        guard let highest = board.chips.map(\.chipSelect.index).max(), highest < bus.chipCount else {
            let mismatch = DW1000Error.boardMismatch(
                "board \(board.id) uses \(board.chips.count) chip select(s) but the bus has \(bus.chipCount); open the board it describes")
            logger.warning("board does not match the bus", metadata: [LogMetadataKey.error: "\(mismatch)"])
            throw mismatch
        }
        var chips: [DW1000] = []
        for chip in board.chips {
            let delays = try AntennaDelays(
                transmit: chip.calibration.txAntennaDelay, receive: chip.calibration.rxAntennaDelay)
            chips.append(try DW1000(bus: bus, chip: chip.chipSelect, antennaDelays: delays, logger: logger))
        }
        let coherent = Set(board.coherentGroups.filter { $0.count > 1 }.flatMap { $0 })
        for driver in chips where coherent.contains(driver.chip) {
            driver.measuresFirstPathPhase = true
        }
        self.board = board
        self.chips = chips
    }
}
