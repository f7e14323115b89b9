import UWBCore

/// Why a board's chips could not be brought up.
public enum BoardDriversError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The board mixes chip families, which cannot share one radio.
    case mixedFamilies(String)
    /// A chip of `family` failed to come up or to take the configuration.
    case bringUp(ChipFamily, reason: String)

    /// What failed and what to do.
    public var description: String {
        switch self {
        case .mixedFamilies(let board):
            "board \(board) mixes DW1000 and DW3000 chips, which cannot range together; describe each family's chips as a board of their own"
        case .bringUp(let family, let reason):
            "\(family) driver: \(reason)"
        }
    }
}
