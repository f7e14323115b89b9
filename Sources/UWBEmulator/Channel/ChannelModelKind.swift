/// The propagation environment of a scenario: free space, or one of the IEEE 802.15.4a indoor channel models
/// (Molisch et al., "IEEE 802.15.4a channel model – final report", IEEE 802.15-04-0662-02-004a, 2004/2006).
///
/// The raw value is the scenario-file spelling (`"free-space"`, `"cm1"` … `"cm4"`).
public enum ChannelModelKind: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Free space: Friis path loss (exponent 2) at the channel's centre frequency, no shadowing.
    case freeSpace = "free-space"
    /// CM1, residential line of sight.
    case cm1
    /// CM2, residential non-line of sight.
    case cm2
    /// CM3, office line of sight.
    case cm3
    /// CM4, office non-line of sight.
    case cm4

    /// Whether the environment itself has no direct path (CM2 and CM4): every link in it is treated as
    /// non-line-of-sight, with the first-path loss and excess delay of ``NLOSModel``.
    public var isNonLineOfSight: Bool { self == .cm2 || self == .cm4 }

    /// The scenario spelling and the environment, for example `cm3 (office LOS)`.
    public var description: String {
        switch self {
        case .freeSpace: "free-space"
        case .cm1: "cm1 (residential LOS)"
        case .cm2: "cm2 (residential NLOS)"
        case .cm3: "cm3 (office LOS)"
        case .cm4: "cm4 (office NLOS)"
        }
    }
}
