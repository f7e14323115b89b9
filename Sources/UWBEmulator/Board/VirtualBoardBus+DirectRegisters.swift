import DW1000Driver
import UWBCore

extension VirtualBoardBus: DW1000RegisterBus {
    /// The registers of the virtual DW1000 on `chip`, reached without SPI headers while the board
    /// is attached; `nil` if the chip select has no chip or a chip of another family.
    public func directRegisters(on chip: ChipSelect) -> (any DW1000DirectRegisters)? {
        guard chips.indices.contains(chip.index), let dw1000 = chips[chip.index] as? VirtualDW1000 else { return nil }
        return BoardDW1000Registers(board: self, chip: dw1000)
    }
}
