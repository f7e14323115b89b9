/// The preamble acquisition chunk (PAC) size: how many preamble symbols the receiver correlates
/// before deciding whether a preamble is present (DW1000 User Manual §4.1.1, Table 6).
public enum PreambleAcquisitionChunk: Int, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// 8 symbols.
    case symbols8 = 8
    /// 16 symbols.
    case symbols16 = 16
    /// 32 symbols.
    case symbols32 = 32
    /// 64 symbols.
    case symbols64 = 64

    /// The PAC with the given number of symbols.
    ///
    /// - Throws: ``RadioConfigError/unsupportedPreambleAcquisitionChunk(_:)`` for other sizes.
    public init(symbols: Int) throws(RadioConfigError) {
        guard let pac = PreambleAcquisitionChunk(rawValue: symbols) else {
            throw .unsupportedPreambleAcquisitionChunk(symbols)
        }
        self = pac
    }

    /// The size the user manual recommends for a preamble length (UM Table 6):
    /// 8 for 64 and 128, 16 for 256 and 512, 32 for 1024, 64 for longer preambles.
    public static func recommended(for length: PreambleLength) -> PreambleAcquisitionChunk {
        switch length {
        case .symbols64, .symbols128: .symbols8
        case .symbols256, .symbols512: .symbols16
        case .symbols1024: .symbols32
        case .symbols1536, .symbols2048, .symbols4096: .symbols64
        }
    }

    /// The number of symbols.
    public var symbols: Int { rawValue }

    /// "PAC N".
    public var description: String { "PAC \(rawValue)" }
}
