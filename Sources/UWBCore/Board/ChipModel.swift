/// The UWB transceiver model of a chip on a board.
///
/// The DW3000 family's part numbers say the package and the antenna ports: DW31x0 in QFN,
/// DW32x0 in WLCSP; DW3x10 with one antenna port, DW3x20 with two, which measure the phase
/// difference of arrival on one chip (`Docs/reference/uwb-physics.md` §1.3).
public enum ChipModel: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Decawave (Qorvo) DW1000.
    case dw1000 = "DW1000"
    /// Qorvo DW3110: one antenna port (the chip on the DWM3000 module).
    case dw3110 = "DW3110"
    /// Qorvo DW3120: two antenna ports (phase difference of arrival).
    case dw3120 = "DW3120"
    /// Qorvo DW3210: one antenna port, WLCSP.
    case dw3210 = "DW3210"
    /// Qorvo DW3220: two antenna ports (phase difference of arrival), WLCSP.
    case dw3220 = "DW3220"

    /// The family the chip belongs to.
    public var family: ChipFamily {
        self == .dw1000 ? .dw1000 : .dw3000
    }

    /// How many antenna ports the chip has: 2 on the DW3x20 parts, which then measure the phase
    /// difference between them; 1 otherwise.
    public var antennaPorts: Int {
        switch self {
        case .dw3120, .dw3220: 2
        case .dw1000, .dw3110, .dw3210: 1
        }
    }

    /// The model's name as a board description spells it, for example `DW1000`.
    public var description: String { rawValue }
}
