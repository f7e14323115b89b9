/// A USB board: one FT232H bridge wired to one to three UWB chips (DW1000 or DW3000 family),
/// with where their antennas are and how they are calibrated.
///
/// Board descriptions are JSON files in `Hardware/boards/` (format in its README), written once for
/// both backends: the emulator is to build virtual boards from them and the USB backend to drive
/// real ones. `DW1000Board` (module DW1000) brings up one driver per chip from a description.
/// Load one with ``load(from:)`` or ``BoardCatalog/board(named:searchPaths:)``.
public struct BoardDescription: Hashable, Sendable {
    /// The board's id in kebab-case; equal to its file name without `.json`.
    public let id: String
    /// A short human-readable name.
    public let name: String
    /// What the board is and what it can measure (the JSON `description` key).
    public let summary: String
    /// How the board shows itself on USB.
    public let usb: USBIdentity
    /// The SPI clocks and mode.
    public let spi: SPISettings
    /// The chips, in the order the description lists them.
    public let chips: [BoardChip]

    /// A board with the given properties, checked against the same rules as a JSON description.
    ///
    /// - Throws: ``BoardDescriptionError`` naming the JSON field path of the first problem found.
    public init(
        id: String, name: String, summary: String, usb: USBIdentity, spi: SPISettings, chips: [BoardChip]
    ) throws(BoardDescriptionError) {
        self.id = id
        self.name = name
        self.summary = summary
        self.usb = usb
        self.spi = spi
        self.chips = chips
        try validate()
    }

    /// The chips grouped by the clock they run from, in the order each clock first appears.
    ///
    /// Chips in one group are phase-coherent: their carrier phases can be compared to measure the
    /// angle of arrival. The first chip of each group is its phase reference.
    public var coherentGroups: [[ChipSelect]] {
        var clocks: [String] = []
        var groups: [String: [ChipSelect]] = [:]
        for chip in chips {
            if groups[chip.clock] == nil { clocks.append(chip.clock) }
            groups[chip.clock, default: []].append(chip.chipSelect)
        }
        return clocks.map { groups[$0, default: []] }
    }

    /// How many antennas the largest coherent group has, counting both ports of a DW3x20: 1
    /// gives distance only, 2 an angle in the plane of the antenna pair, 3 (in an L) a full
    /// direction.
    public var coherentReceivers: Int {
        coherentGroups.map { group in
            group.reduce(0) { sum, chipSelect in
                sum + (chips.first { $0.chipSelect == chipSelect }?.model.antennaPorts ?? 0)
            }
        }.max() ?? 0
    }
}
