/// What a calibration store holds for one board: the board description it was measured with and,
/// per chip, the values that replace the description's at bring-up.
public struct StoredCalibration: Hashable, Sendable {
    /// The id of the board description the calibration was measured with, for example
    /// `ft232h-dw1000-dual`; a board brought up with another description does not use it.
    public var boardID: String
    /// One entry per chip of that board, in the description's order.
    public var chips: [StoredChipCalibration]

    /// A stored calibration for board description `boardID`.
    public init(boardID: String, chips: [StoredChipCalibration]) {
        self.boardID = boardID
        self.chips = chips
    }

    /// An empty calibration for `board` (one entry per chip, every value the description's).
    public init(for board: BoardDescription) {
        self.init(boardID: board.id, chips: Array(repeating: StoredChipCalibration(), count: board.chips.count))
    }

    /// `board` with this calibration's values in place of its chips' own.
    ///
    /// - Throws: ``CalibrationStoreError/boardMismatch(key:stored:actual:)`` if the calibration was
    ///   measured with another board description or chip count, or
    ///   ``CalibrationStoreError/invalidValues(key:reason:)`` if the values break the description's
    ///   rules (a delay that does not fit its register, a phase outside −π...π).
    public func applied(to board: BoardDescription, key: String) throws(CalibrationStoreError) -> BoardDescription {
        guard boardID == board.id, chips.count == board.chips.count else {
            throw .boardMismatch(key: key, stored: "\(boardID) with \(chips.count) chip(s)", actual: "\(board.id) with \(board.chips.count) chip(s)")
        }
        var calibrated = board.chips
        for index in calibrated.indices {
            calibrated[index].calibration = chips[index].applied(to: calibrated[index].calibration)
        }
        do {
            return try BoardDescription(id: board.id, name: board.name, summary: board.summary, usb: board.usb, spi: board.spi, chips: calibrated)
        } catch {
            throw .invalidValues(key: key, reason: error.description)
        }
    }
}

extension StoredCalibration {
    /// This calibration with the first chip's TX and RX antenna delays set to `board`'s (the values
    /// the board ran with) each lengthened by half of `error`, as Decawave APS014 splits a device's
    /// total delay error. The first chip transmits and timestamps the rounds; the others only
    /// measure phase.
    public func correctingAntennaDelays(of board: BoardDescription, by error: DeviceDuration) -> StoredCalibration {
        var corrected = self
        guard let first = board.chips.first?.calibration, !corrected.chips.isEmpty else { return corrected }
        let half = DeviceDuration(ticks: error.ticks / 2)
        corrected.chips[0].txAntennaDelay = first.txAntennaDelay + half
        corrected.chips[0].rxAntennaDelay = first.rxAntennaDelay + (error - half)
        return corrected
    }
}
