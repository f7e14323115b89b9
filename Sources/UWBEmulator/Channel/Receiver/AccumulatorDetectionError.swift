/// Why ``AccumulatorDetection`` could not read an accumulator.
public enum AccumulatorDetectionError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The preamble symbol count is not positive.
    case noSymbols(Int)
    /// Fewer taps lie before the strongest than the noise estimate needs.
    case tooFewNoiseTaps(available: Int, needed: Int)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .noSymbols(let symbols):
            "\(symbols) preamble symbols accumulated: give the count the chip reported (RXPACC), at least 1"
        case .tooFewNoiseTaps(let available, let needed):
            "only \(available) taps lie far enough before the strongest to estimate the noise from (\(needed) needed): "
                + "give the whole accumulator, not the taps around the first path"
        }
    }
}
