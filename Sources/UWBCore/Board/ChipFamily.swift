/// A generation of UWB transceiver: chips of one family share a register map and a driver, and
/// only chips of one family can talk to each other on the air in their usual modes.
public enum ChipFamily: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// The DW1000: IEEE 802.15.4a, channels 1–5 and 7, no scrambled timestamp sequence.
    case dw1000 = "DW1000"
    /// The DW3000 family (DW3110, DW3120, DW3210, DW3220): IEEE 802.15.4z HRP with a scrambled
    /// timestamp sequence, channels 5 and 9 (`Docs/reference/uwb-physics.md` §1.3).
    case dw3000 = "DW3000"

    /// The channels the family's chips support.
    public var channels: [Channel] {
        switch self {
        case .dw1000: [.one, .two, .three, .four, .five, .seven]
        case .dw3000: [.five, .nine]
        }
    }

    /// Whether the chips can send and check a scrambled timestamp sequence (STS, IEEE 802.15.4z).
    public var supportsSecureTimestamps: Bool { self == .dw3000 }

    /// The family's name, for example `DW3000`.
    public var description: String { rawValue }
}
