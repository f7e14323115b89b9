/// The UWB transceiver model of a chip on a board.
public enum ChipModel: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Decawave (Qorvo) DW1000.
    case dw1000 = "DW1000"

    /// The model's name as a board description spells it, for example `DW1000`.
    public var description: String { rawValue }
}
