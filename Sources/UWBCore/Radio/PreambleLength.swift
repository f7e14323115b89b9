/// The number of preamble symbols sent before the SFD (DW1000 User Manual §7.2.10, TX_FCTRL).
public enum PreambleLength: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// 64 symbols (6.8 Mbps only).
    case symbols64 = 64
    /// 128 symbols.
    case symbols128 = 128
    /// 256 symbols.
    case symbols256 = 256
    /// 512 symbols.
    case symbols512 = 512
    /// 1024 symbols.
    case symbols1024 = 1024
    /// 1536 symbols (110 kbps only).
    case symbols1536 = 1536
    /// 2048 symbols (110 kbps only).
    case symbols2048 = 2048
    /// 4096 symbols (110 kbps only).
    case symbols4096 = 4096

    /// The preamble length with the given number of symbols.
    ///
    /// - Throws: ``RadioConfigError/unsupportedPreambleLength(_:)`` for other counts.
    public init(symbols: Int) throws(RadioConfigError) {
        guard let length = PreambleLength(rawValue: symbols) else { throw .unsupportedPreambleLength(symbols) }
        self = length
    }

    /// The number of symbols.
    public var symbols: Int { rawValue }

    /// The data rates whose receiver tuning covers this length (UM Table 31, DRX_TUNE1b):
    /// 64 symbols at 6.8 Mbps only, 128–1024 at every rate, longer preambles at 110 kbps only.
    public var supportedDataRates: [DataRate] {
        switch self {
        case .symbols64: [.mbps6_8]
        case .symbols128, .symbols256, .symbols512, .symbols1024: DataRate.allCases
        case .symbols1536, .symbols2048, .symbols4096: [.kbps110]
        }
    }

    /// "N symbols".
    public var description: String { "\(rawValue) symbols" }
}
