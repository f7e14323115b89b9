import Logging
import UWBCore

/// The calibration a radio's board was brought up with: its calibration store entry, or the board
/// description's own values when there is none or it cannot be used.
public enum BringUpCalibration: Hashable, Sendable {
    /// No store, or no entry for the board: the board description's values.
    case boardDescription
    /// The entry for the board in the store at `path`.
    case stored(path: String)
    /// The store or the board's entry cannot be used (`warning` says why and what to do): the
    /// board description's values, so the board runs uncalibrated.
    case ignored(warning: String)

    /// `board` calibrated by its entry `key` (the radio's name) in the store at `storePath`, and
    /// which calibration that is. Never fails: a store that cannot be read or used leaves `board` as
    /// it is, with a warning.
    public static func calibrate(_ board: BoardDescription, key: String, storePath: String?) -> (BoardDescription, BringUpCalibration) {
        guard let storePath else { return (board, .boardDescription) }
        do {
            guard let entry = try CalibrationStore.load(from: storePath).entries[key] else { return (board, .boardDescription) }
            return (try entry.applied(to: board, key: key), .stored(path: storePath))
        } catch {
            return (board, .ignored(warning: Self.warningPrefix + "\(key) runs uncalibrated: \(error)"))
        }
    }

    /// How ``ignored(warning:)``'s text starts; a log record leaves it out (its level says it).
    static let warningPrefix = "warning: "

    /// Logs what this calibration is: the store's entry at `info`, the store ignored at `warning`
    /// (the radio runs uncalibrated), the board description's values at `debug`.
    func log(to logger: Logger) {
        switch self {
        case .boardDescription: logger.debug("calibration from the board description")
        case .stored(let path): logger.info("calibration applied from the store", metadata: ["calibration.store": "\(path)"])
        case .ignored(let warning): logger.warning("\(warning.hasPrefix(Self.warningPrefix) ? String(warning.dropFirst(Self.warningPrefix.count)) : warning)")
        }
    }
}
