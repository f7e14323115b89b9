import UWBCore

/// One chip-select of an attached FT232H and what DEV_ID read there.
public struct ChipProbe: Hashable, Sendable, CustomStringConvertible {
    /// The chip-select index the board descriptions give a chip on this wiring.
    public let chipSelect: ChipSelect
    /// The FT232H pins probed: CS, IRQ and RSTn.
    public let wiring: ChipWiring
    /// What answered.
    public let answer: ChipAnswer

    /// A probe result with the given fields.
    public init(chipSelect: ChipSelect, wiring: ChipWiring, answer: ChipAnswer) {
        self.chipSelect = chipSelect
        self.wiring = wiring
        self.answer = answer
    }

    /// Whether a chip of `model` answered here.
    public func found(_ model: ChipModel) -> Bool {
        answer.identity?.models.contains(model) ?? false
    }

    /// The chip-select, its CS pin and the answer, for example
    /// `CS0 (ADBUS3): DW1000 (DEV_ID 0xDECA0130)`.
    public var description: String {
        "CS\(chipSelect.index) (\(wiring.cs)): \(answer)"
    }
}
