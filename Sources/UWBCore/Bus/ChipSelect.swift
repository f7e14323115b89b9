/// Which chip on a bus a transaction addresses: the index of its chip-select line.
public struct ChipSelect: Hashable, Sendable, CustomStringConvertible {
    /// The chip-select index, counted from zero.
    public let index: Int

    /// The chip-select line with the given index.
    ///
    /// - Throws: ``SPIBusError/invalidChipSelect(_:)`` if `index` is negative.
    public init(_ index: Int) throws(SPIBusError) {
        guard index >= 0 else { throw .invalidChipSelect(index) }
        self.index = index
    }

    /// The first chip-select line, the only one on a single-chip board.
    public static let first = ChipSelect(validated: 0)

    private init(validated index: Int) {
        self.index = index
    }

    /// "CS n".
    public var description: String { "CS \(index)" }
}
