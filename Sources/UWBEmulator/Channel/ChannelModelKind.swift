/// The propagation environment of a scenario: free space, or one of the IEEE 802.15.4a channel models CM1–CM9
/// (Molisch et al., "IEEE 802.15.4a channel model – final report", IEEE 802.15-04-0662-02-004a, 2004/2006;
/// numbered as in the report's code: `IEEE802154aParameters`).
///
/// The raw value is the scenario-file spelling (`"free-space"`, `"cm1"` … `"cm9"`).
public enum ChannelModelKind: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Free space: Friis path loss (exponent 2) at the channel's centre frequency, no shadowing and no multipath.
    case freeSpace = "free-space"
    /// CM1, residential line of sight.
    case cm1
    /// CM2, residential non-line of sight.
    case cm2
    /// CM3, office line of sight.
    case cm3
    /// CM4, office non-line of sight.
    case cm4
    /// CM5, outdoor line of sight.
    case cm5
    /// CM6, outdoor non-line of sight.
    case cm6
    /// CM7, industrial line of sight.
    case cm7
    /// CM8, industrial non-line of sight.
    case cm8
    /// CM9, open outdoor (farm), non-line of sight.
    case cm9

    /// Whether the environment's model was measured with line of sight (CM1, CM3, CM5, CM7 and free
    /// space); its shadowing decorrelates over a longer distance (``LinkChannel``).
    public var isLineOfSight: Bool {
        switch self {
        case .freeSpace, .cm1, .cm3, .cm5, .cm7: true
        case .cm2, .cm4, .cm6, .cm8, .cm9: false
        }
    }

    /// The environment's multipath profile; nil in free space, where only the direct path arrives.
    public var multipath: MultipathProfile? { IEEE802154aParameters.multipath(self) }

    /// The scenario spelling and the environment, for example `cm3 (office LOS)`.
    public var description: String {
        switch self {
        case .freeSpace: "free-space"
        case .cm1: "cm1 (residential LOS)"
        case .cm2: "cm2 (residential NLOS)"
        case .cm3: "cm3 (office LOS)"
        case .cm4: "cm4 (office NLOS)"
        case .cm5: "cm5 (outdoor LOS)"
        case .cm6: "cm6 (outdoor NLOS)"
        case .cm7: "cm7 (industrial LOS)"
        case .cm8: "cm8 (industrial NLOS)"
        case .cm9: "cm9 (open outdoor NLOS)"
        }
    }
}
