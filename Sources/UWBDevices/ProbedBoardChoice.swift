import Logging
import UWBCore
import UWBUSB

/// The board description a USB board runs as when `UWB_BOARD` names none: the one its chip probe
/// fits (``AttachedBoard/fittingBoards``). Every FT232H has the same USB id, but DEV_ID read on
/// each chip-select tells a DW1000 board from a DW3110 or DW3220 one, and a chip-select with no
/// chip reads nothing, so a multi-chip description fits only where all its chips answered. What
/// the probe cannot see is whether the chips share one clock (stock DWM1000 modules do not), so
/// where several fit it keeps to the fewest chips, which measure distance on any of them.
enum ProbedBoardChoice {
    /// The description `attached` (probed) runs as; `name` is the board's `usb:SERIAL`. When
    /// several fit it takes ``preferred(among:)`` and logs at `notice` which `UWB_BOARD` values
    /// fit; when one does, it logs it at `info`.
    ///
    /// - Throws: ``DeviceChoiceError/noFittingBoard(device:chips:available:)`` with what each
    ///   chip-select answered, if no description fits.
    static func board(of attached: AttachedBoard, name: String, logger: Logger) throws(DeviceChoiceError) -> BoardDescription {
        let fitting = attached.fittingBoards
        guard let chosen = preferred(among: fitting) else {
            throw .noFittingBoard(device: name, chips: attached.probe?.chips.map(\.description) ?? [], available: attached.boardIDs)
        }
        let metadata: Logger.Metadata = [
            LogMetadataKey.device: "\(name)", LogMetadataKey.board: "\(chosen.id)", "board.fitting": "\(fitting.map(\.id).joined(separator: ", "))",
        ]
        if fitting.count > 1 {
            logger.notice(
                "UWB_BOARD is not set and several descriptions fit the board's chips: it runs as the one with the fewest chips; if its chips share one clock, set UWB_BOARD to the one that has them all to measure angles",
                metadata: metadata)
        } else {
            logger.info("UWB_BOARD is not set: the board runs as the one description its chips fit", metadata: metadata)
        }
        return chosen
    }

    /// The description to run among `fitting`, nil if it is empty: the one with the fewest chips
    /// (the probe cannot tell chips on one clock from chips on their own crystals, and ranging
    /// needs only the first); among equals the single-chip DW1000 board
    /// (``USBRadio/defaultBoardID``), else the first by id.
    static func preferred(among fitting: [BoardDescription]) -> BoardDescription? {
        fitting.min { first, second in
            if first.chips.count != second.chips.count { return first.chips.count < second.chips.count }
            let firstDefault = first.id == USBRadio.defaultBoardID, secondDefault = second.id == USBRadio.defaultBoardID
            if firstDefault != secondDefault { return firstDefault }
            return first.id < second.id
        }
    }
}
