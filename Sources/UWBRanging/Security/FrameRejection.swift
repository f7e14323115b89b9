/// Why a ranging frame was dropped unused, as counted by ``LinkProtection/rejections`` (frames
/// that claim to belong to a secured link) and ``RangingScheduler/rejections`` (all of a device's).
public enum FrameRejection: String, Error, Hashable, Sendable, CaseIterable, Comparable {
    /// Not a ranging frame of this format: truncated, oversized, an unknown type or version,
    /// reserved bits, a MIC of the wrong length or an unsupported security level.
    case malformed
    /// A plain frame on a secured link (or a secured one on a plain link).
    case unsecured
    /// A key index other than the one the peer's role sends with.
    case wrongKey
    /// The MIC does not match: forged, corrupted, or under another session's key.
    case badMessageIntegrityCode
    /// A frame counter no greater than one already accepted: a replay.
    case replayed
    /// The frame names this link's session and this device but comes from another address.
    case wrongPeer
    /// With an STS configured, a frame without a secure timestamp (``RangingQualityFlags/secureTimestampMissing``).
    case secureTimestampMissing
    /// With an STS configured, a frame whose STS quality is too low (``RangingQualityFlags/secureTimestampQualityLow``).
    case secureTimestampQualityLow
    /// With an STS configured, a frame whose STS and preamble timestamps disagree
    /// (``RangingQualityFlags/secureTimestampMismatch``): a possible distance-reduction attack.
    case secureTimestampMismatch

    /// The reason for a frame ``SecureTimestampCheck`` does not trust.
    public init(_ rejection: SecureTimestampRejection) {
        switch rejection {
        case .missing: self = .secureTimestampMissing
        case .qualityLow: self = .secureTimestampQualityLow
        case .mismatch: self = .secureTimestampMismatch
        }
    }

    /// Orders reasons by their declaration, for stable listings.
    public static func < (lhs: FrameRejection, rhs: FrameRejection) -> Bool {
        let order = allCases
        return order.firstIndex(of: lhs) ?? 0 < order.firstIndex(of: rhs) ?? 0
    }
}
