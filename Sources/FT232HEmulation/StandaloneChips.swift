import UWBCore
import UWBEmulator

/// Virtual chips outside any medium, for an emulated FT232H that only needs chips to talk to over
/// SPI (bring-up, register traffic): one per chip of a board, of the chip's family (a
/// ``VirtualDW1000`` or a ``VirtualDW3000`` of the chip's model), with the board's calibration as
/// their true antenna delays, at virtual time zero.
public enum StandaloneChips {
    /// The chips of `board`, by chip-select index.
    public static func make(for board: BoardDescription) -> [any VirtualChip] {
        board.chips.indices.map { index -> any VirtualChip in
            let chip = board.chips[index]
            let name = "\(board.id)/CS\(index)"
            let hardware = ChipHardware(
                transmitAntennaDelay: chip.calibration.txAntennaDelay, receiveAntennaDelay: chip.calibration.rxAntennaDelay,
                phaseOffset: .zero, extendedUniqueIdentifier: 0xDECA_0000_0000_0000 | UInt64(index))
            let oscillator = Oscillator(offset: .zero, drift: 0, random: SeededRandom(seed: 3))
            let random = SeededRandom(seed: UInt64(index + 1))
            switch chip.model.family {
            case .dw1000:
                return VirtualDW1000(name: name, hardware: hardware, oscillator: oscillator, counterPhase: 0, random: random)
            case .dw3000:
                return VirtualDW3000(
                    name: name, model: chip.model, hardware: hardware, oscillator: oscillator, counterPhase: 0, random: random)
            }
        }
    }
}
