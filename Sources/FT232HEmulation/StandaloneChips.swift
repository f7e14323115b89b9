import UWBCore
import UWBEmulator

/// Virtual DW1000 chips outside any medium, for an emulated FT232H that only needs chips to talk
/// to over SPI (bring-up, register traffic): one per chip of a board, with the board's calibration
/// as their true antenna delays, at virtual time zero.
public enum StandaloneChips {
    /// The chips of `board`, by chip-select index.
    public static func make(for board: BoardDescription) -> [VirtualDW1000] {
        board.chips.indices.map { index in
            VirtualDW1000(
                name: "\(board.id)/CS\(index)",
                hardware: ChipHardware(
                    transmitAntennaDelay: board.chips[index].calibration.txAntennaDelay,
                    receiveAntennaDelay: board.chips[index].calibration.rxAntennaDelay,
                    phaseOffset: .zero, extendedUniqueIdentifier: 0xDECA_0000_0000_0000 | UInt64(index)),
                oscillator: Oscillator(offset: .zero, drift: 0, random: SeededRandom(seed: 3)),
                counterPhase: 0, random: SeededRandom(seed: UInt64(index + 1)))
        }
    }
}
