import FT232H
import UWBCore
import UWBEmulator

/// The board side of an emulated FT232H: virtual chips (DW1000 or DW3000 family) on the pins a
/// ``BoardDescription`` names, seen through the MPSSE pins and SPI data lines.
///
/// It frames SPI transactions by chip select: from a chip's CS going low to it going high, the
/// octets shifted out are the header of the chip's family and then the written data
/// (``WriteFrameHeader``); a read (0x20) in the frame ends the header, and the chip's
/// ``VirtualChip/transfer(_:)`` answers it at once. RSTn driven
/// low resets the chips on that line; the IRQ pins read the chips' interrupt lines.
public final class EmulatedBoardWiring: MPSSEPinsAndSPI {
    /// The board.
    public let board: BoardDescription
    /// The levels and directions the host drives.
    public private(set) var pins = MPSSEPinState()
    /// Every transaction the chips answered, with the chip it went to, in order.
    public private(set) var transactions: [(chip: ChipSelect, transaction: SPITransaction)] = []
    /// Every reset the chips saw through RSTn, in order.
    public private(set) var resets: [ChipSelect] = []

    /// Reaches the chips' SPI, reset and IRQ lines: `UWBEmulator`'s virtual bus, or a
    /// ``SimulationThreadBus`` when the chips live in an emulation on another thread.
    private let chipBus: any SPIBus
    /// The transaction being clocked: which chip is selected and its family, what was written,
    /// whether it read.
    private var frame: (chip: ChipSelect, family: ChipFamily, written: [UInt8], didRead: Bool)?

    /// `chips` (by chip-select index) wired as `board` says.
    public convenience init(board: BoardDescription, chips: [any VirtualChip]) {
        self.init(board: board, chipBus: VirtualBoardBus(chips: chips))
    }

    /// The chips behind `chipBus` (by chip-select index) wired as `board` says.
    public init(board: BoardDescription, chipBus: any SPIBus) {
        self.board = board
        self.chipBus = chipBus
    }

    /// Applies a 0x80/0x82: ends the frame of a chip whose CS rose, resets the chips whose RSTn
    /// fell, starts a frame for a chip whose CS fell.
    public func setPins(_ bank: MPSSEPinBank, value: UInt8, direction: UInt8) throws(MPSSEEmulationError) {
        let before = pins
        pins.set(bank, value: value, direction: direction)
        let selected = board.chips.filter { pins.drivesLow($0.wiring.cs) }
        guard selected.count <= 1 else {
            throw .unsupported(
                "\(selected.map(\.chipSelect.description).joined(separator: " and ")) are selected at once; select one chip at a time")
        }
        if let current = frame, !selected.contains(where: { $0.chipSelect == current.chip }) {
            try endFrame()
        }
        for chip in board.chips where pins.drivesLow(chip.wiring.reset) && !before.drivesLow(chip.wiring.reset) {
            do {
                try chipBus.reset(chip.chipSelect)
            } catch {
                throw .chipRefused(error.description)
            }
            resets.append(chip.chipSelect)
        }
        if frame == nil, let chip = selected.first {
            frame = (chip.chipSelect, chip.model.family, [], false)
        }
    }

    /// Output pins read as driven; IRQ inputs read the chip's interrupt line; other inputs read
    /// high (a released RSTn, a deselected line; the FT232H's inputs have pull-ups **[U]**).
    public func readPins(_ bank: MPSSEPinBank) -> UInt8 {
        var levels: UInt8 = 0
        for pin in FT232HPin.allCases where pin.bank == bank {
            let high: Bool
            if pins.isOutput(pin) {
                high = pins.value(of: bank) & pin.mask != 0
            } else if let chip = board.chips.first(where: { $0.wiring.irq == pin }), chip.chipSelect.index < chipBus.chipCount {
                high = (try? chipBus.waitForInterrupt(on: chip.chipSelect, until: .now)) ?? false
            } else {
                high = true
            }
            if high { levels |= pin.mask }
        }
        return levels
    }

    /// Adds the octets to the selected chip's frame; with no chip selected they reach nothing.
    public func shiftOut(_ octets: [UInt8]) throws(MPSSEEmulationError) {
        guard var current = frame else { return }
        guard !current.didRead else {
            throw .unsupported("a write after a read while \(current.chip) stays selected; end the transaction with CS high first")
        }
        current.written += octets
        frame = current
    }

    /// Reads from the selected chip, the octets written so far in the frame being the header;
    /// with no chip selected MISO floats and reads 0xFF **[U]**.
    public func shiftIn(count: Int) throws(MPSSEEmulationError) -> [UInt8] {
        guard var current = frame else { return [UInt8](repeating: 0xFF, count: count) }
        guard !current.didRead else {
            throw .unsupported("two reads while \(current.chip) stays selected; read a register in one 0x20 command")
        }
        current.didRead = true
        frame = current
        return try run(SPITransaction(header: current.written, body: .read(count: count)), on: current.chip)
    }

    /// Ends the frame: a frame that only wrote is a write transaction, header first.
    private func endFrame() throws(MPSSEEmulationError) {
        guard let current = frame else { return }
        frame = nil
        guard !current.didRead, !current.written.isEmpty else { return }
        let headerLength = try WriteFrameHeader.length(of: current.written, family: current.family, chip: current.chip)
        let transaction = SPITransaction(
            header: Array(current.written.prefix(headerLength)), body: .write(Array(current.written.dropFirst(headerLength))))
        _ = try run(transaction, on: current.chip)
    }

    private func run(_ transaction: SPITransaction, on chip: ChipSelect) throws(MPSSEEmulationError) -> [UInt8] {
        transactions.append((chip, transaction))
        do {
            return try chipBus.transfer(transaction, on: chip)
        } catch {
            throw .chipRefused("\(chip): \(error.description)")
        }
    }
}
