/// Why a reception that had started did not deliver a frame.
public enum ReceiveFailure: Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The frame arrived but its FCS did not match.
    case frameCheckFailed
    /// The PHY header could not be decoded.
    case phyHeaderError
    /// The Reed-Solomon decoder lost synchronisation.
    case reedSolomonSyncLoss
    /// A preamble was heard but no SFD followed in time.
    case sfdTimeout
    /// No preamble was heard in time.
    case preambleTimeout
    /// The leading-edge detector could not timestamp the frame.
    case leadingEdgeDetectionFailed
    /// The frame was not addressed to this radio and was filtered out.
    case frameFilterRejected

    /// A short explanation.
    public var description: String {
        switch self {
        case .frameCheckFailed: "frame check sequence (CRC) error"
        case .phyHeaderError: "PHY header error"
        case .reedSolomonSyncLoss: "Reed-Solomon synchronisation loss"
        case .sfdTimeout: "SFD timeout"
        case .preambleTimeout: "preamble detection timeout"
        case .leadingEdgeDetectionFailed: "leading-edge detection failed"
        case .frameFilterRejected: "rejected by the frame filter"
        }
    }
}
