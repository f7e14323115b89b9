import UWBCore

/// What the chip probe of an attached FT232H found: DEV_ID read on every chip-select that a
/// board description wires (``USBBoardDiscovery/attachedBoards(in:boards:probingChips:logger:)``).
///
/// Every FT232H with a default EEPROM is 0403:6014, so the USB id cannot tell a DW1000 board from
/// a DW3000 one; the chips can. A description fits when every one of its chips answered, on its
/// wiring, as a chip of its model (``fits(_:)``).
public struct BoardProbe: Hashable, Sendable {
    /// Each chip-select probed, in the order of the chip-select indices.
    public let chips: [ChipProbe]

    /// A probe that found `chips`.
    public init(chips: [ChipProbe]) {
        self.chips = chips
    }

    /// Whether every chip of `board` answered on its wiring as a chip of its model: a DW3000
    /// board fits only where DW3000 chips answered on its chip-selects, a DW1000 board only where
    /// DW1000s did, and a two-port DW3220 board only where a two-port part did.
    public func fits(_ board: BoardDescription) -> Bool {
        board.chips.allSatisfy { chip in
            chips.contains { $0.wiring == chip.wiring && $0.found(chip.model) }
        }
    }
}
