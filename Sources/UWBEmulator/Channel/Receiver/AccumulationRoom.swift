/// How many symbols a reception can accumulate: those of the preamble it has left once acquired, which add
/// to the accumulator, and those of the SFD the chip counts in RXPACC after them, which do not (DW1000 UM
/// §7.2.40.12, Table 18).
public struct AccumulationRoom: Hashable, Sendable {
    /// The preamble symbols that accumulate.
    public let preamble: Int
    /// The SFD symbols RXPACC counts besides.
    public let delimiter: Int

    /// A room of `preamble` accumulating symbols and `delimiter` counted ones.
    public init(preamble: Int, delimiter: Int) {
        self.preamble = preamble
        self.delimiter = delimiter
    }

    /// Room for `symbols` accumulating symbols and nothing counted besides (an STS).
    public static func symbols(_ symbols: Int) -> AccumulationRoom {
        AccumulationRoom(preamble: symbols, delimiter: 0)
    }
}
