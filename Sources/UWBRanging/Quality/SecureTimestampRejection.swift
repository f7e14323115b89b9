import UWBCore

/// Why ``SecureTimestampCheck`` does not trust a frame's time of arrival.
public enum SecureTimestampRejection: Error, Hashable, Sendable, CaseIterable, CustomStringConvertible {
    /// The frame has no secure timestamp.
    case missing
    /// The frame's STS quality is below the chip's threshold.
    case qualityLow
    /// The frame's STS and preamble timestamps differ by more than ``SecureTimestampCheck/tolerance``.
    case mismatch

    /// The quality flag naming the failed check.
    public var flag: RangingQualityFlags {
        switch self {
        case .missing: .secureTimestampMissing
        case .qualityLow: .secureTimestampQualityLow
        case .mismatch: .secureTimestampMismatch
        }
    }

    /// What failed and what to do.
    public var description: String {
        switch self {
        case .missing:
            "the frame has no secure timestamp although the configuration has an STS; check that both radios are DW3000s configured with the same STS"
        case .qualityLow:
            "the frame's STS quality is below the chip's threshold: a weak link, different STS keys, or a forged preamble; move closer or check the keys"
        case .mismatch:
            "the frame's STS and preamble timestamps differ by more than \(SecureTimestampCheck.tolerance): a possible distance-reduction attack; its time is not used"
        }
    }
}
