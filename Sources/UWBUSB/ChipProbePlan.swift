import UWBCore

/// The buses a chip probe opens on one FT232H: every distinct chip wiring of the board
/// descriptions, numbered with the chip-select index the descriptions give it, grouped into as few
/// probe boards as the board rules allow (at most three chips, no pin used twice but a shared
/// reset), so that every CS line the probe knows of is held high while another chip is read.
///
/// The shipped boards give one bus of three wirings: CS0 on ADBUS3, CS1 on ACBUS0, CS2 on ACBUS3
/// (`Hardware/boards/README.md`, "Wiring").
struct ChipProbePlan {
    /// One bus to open: a probe board of some of the wirings, and the chip-select index the
    /// descriptions give each of its chips (its chip `i` is `chipSelects[i]`).
    struct Bus {
        /// The probe board: the wirings as chips, at the slowest initial SPI clock of the descriptions.
        let board: BoardDescription
        /// The descriptions' chip-select index of each of the board's chips, in order.
        let chipSelects: [ChipSelect]

        /// Each chip of the bus with what `answer` says it answered.
        func probes(_ answer: (BoardChip) -> ChipAnswer) -> [ChipProbe] {
            zip(board.chips, chipSelects).map { chip, chipSelect in
                ChipProbe(chipSelect: chipSelect, wiring: chip.wiring, answer: answer(chip))
            }
        }
    }

    /// The buses, each to be opened in turn.
    let buses: [Bus]

    /// The plan for the wirings of `boards`; none if `boards` is empty.
    init(boards: [BoardDescription]) {
        guard let first = boards.first, let slowest = boards.map(\.spi.initialClock).min() else {
            buses = []
            return
        }
        let spi = SPISettings(initialClock: slowest, fastClock: slowest, mode: 0)
        var wirings: [(wiring: ChipWiring, chipSelect: ChipSelect)] = []
        for chip in boards.flatMap(\.chips) where !wirings.contains(where: { $0.wiring == chip.wiring }) {
            wirings.append((chip.wiring, chip.chipSelect))
        }
        wirings.sort { ($0.chipSelect.index, $0.wiring.cs.rawValue) < ($1.chipSelect.index, $1.wiring.cs.rawValue) }
        var groups: [[(wiring: ChipWiring, chipSelect: ChipSelect)]] = []
        for entry in wirings {
            if let index = groups.firstIndex(where: { Self.board(of: ($0 + [entry]).map(\.wiring), spi: spi, usb: first.usb) != nil }) {
                groups[index].append(entry)
            } else {
                groups.append([entry])
            }
        }
        buses = groups.compactMap { group in
            Self.board(of: group.map(\.wiring), spi: spi, usb: first.usb).map { Bus(board: $0, chipSelects: group.map(\.chipSelect)) }
        }
    }

    /// A probe board with `wirings` as its chips, or `nil` if they break the board rules together.
    /// The chips are given a model only because a description needs one; the bus never reads it.
    private static func board(of wirings: [ChipWiring], spi: SPISettings, usb: USBIdentity) -> BoardDescription? {
        var chips: [BoardChip] = []
        for (index, wiring) in wirings.enumerated() {
            guard let chipSelect = try? ChipSelect(index) else { return nil }
            chips.append(BoardChip(
                chipSelect: chipSelect, model: .dw1000, clock: "probe-\(index)", antennaPosition: .origin, wiring: wiring,
                calibration: ChipCalibration(txAntennaDelay: .zero, rxAntennaDelay: .zero, phaseOffset: .zero)))
        }
        return try? BoardDescription(
            id: "chip-probe", name: "chip probe", summary: "The chip-selects of the board descriptions, probed for DEV_ID.",
            usb: usb, spi: spi, chips: chips)
    }
}
