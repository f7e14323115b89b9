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

    /// Brings up every chip of `board` on `bus`.
    ///
    /// - Throws: ``DW1000Error/boardMismatch(_:)`` if the bus has fewer chip selects than the board
    ///   needs, or the first error of a chip's bring-up.
    public init(_ board: BoardDescription, bus: any SPIBus) throws(DW1000Error) {
        guard let highest = board.chips.map(\.chipSelect.index).max(), highest < bus.chipCount else {
            throw .boardMismatch(
                "board \(board.id) uses \(board.chips.count) chip select(s) but the bus has \(bus.chipCount); open the board it describes")
        }
        var chips: [DW1000] = []
        for chip in board.chips {
            let delays = try AntennaDelays(
                transmit: chip.calibration.txAntennaDelay, receive: chip.calibration.rxAntennaDelay)
            chips.append(try DW1000(bus: bus, chip: chip.chipSelect, antennaDelays: delays))
        }
        let coherent = Set(board.coherentGroups.filter { $0.count > 1 }.flatMap { $0 })
        for driver in chips where coherent.contains(driver.chip) {
            driver.measuresFirstPathPhase = true
        }
        self.board = board
        self.chips = chips
    }
}
