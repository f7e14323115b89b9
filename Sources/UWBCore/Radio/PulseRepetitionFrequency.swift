/// The mean pulse repetition frequency of the preamble (DW1000 User Manual §9.3).
public enum PulseRepetitionFrequency: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// Nominal 16 MHz.
    case sixteenMegahertz = 16
    /// Nominal 64 MHz.
    case sixtyFourMegahertz = 64

    /// The PRF with the given nominal value in MHz.
    ///
    /// - Throws: ``RadioConfigError/unsupportedPulseRepetitionFrequency(_:)`` for values other than 16 and 64.
    public init(megahertz: Int) throws(RadioConfigError) {
        guard let prf = PulseRepetitionFrequency(rawValue: megahertz) else {
            throw .unsupportedPulseRepetitionFrequency(megahertz)
        }
        self = prf
    }

    /// The duration of one preamble symbol: 993.59 ns at 16 MHz, 1017.63 ns at 64 MHz
    /// (DW1000 User Manual §7.2.10, TX_FCTRL).
    public var preambleSymbolDuration: Duration {
        switch self {
        case .sixteenMegahertz: Self.symbolDurations.sixteenMegahertz
        case .sixtyFourMegahertz: Self.symbolDurations.sixtyFourMegahertz
        }
    }

    /// ``preambleSymbolDuration``'s values, made once: a `Duration` made from a fractional number
    /// of nanoseconds costs hundreds of instructions, and every frame's airtime needs one.
    private static let symbolDurations = (
        sixteenMegahertz: Duration.nanoseconds(993.59), sixtyFourMegahertz: Duration.nanoseconds(1017.63))

    /// "16 MHz PRF" or "64 MHz PRF".
    public var description: String { "\(rawValue) MHz PRF" }
}

extension Duration {
    /// A duration of a fractional number of nanoseconds.
    static func nanoseconds(_ value: Double) -> Duration { .seconds(value / 1_000_000_000) }
}
