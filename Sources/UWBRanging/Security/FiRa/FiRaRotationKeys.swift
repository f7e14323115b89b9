/// The keys of one FiRa key rotation (one crypto STS index): the derived authentication IV and
/// key, which make the STS, and the derived payload key, which protects the frames' payload
/// (``FiRaFrameProtection``).
public struct FiRaRotationKeys: Hashable, Sendable {
    /// The length of vUpper64.
    static let vUpperLength = 8

    /// "DerAuthI": its last four octets (31 bits) are the V counter; its first eight the
    /// provisioned STS's vUpper64.
    public let authenticationIV: [UInt8]
    /// "DerAuthK": the STS key.
    public let authenticationKey: [UInt8]
    /// "DerPaylK": the key of the frames' payload encryption and MIC.
    public let payloadKey: [UInt8]
    /// The upper half of every STS V of the rotation: the static STS's own, or the IV's first eight octets.
    public let vUpper64: [UInt8]

    /// The STS V of a slot at `cryptoSTSIndex`: vUpper64, the index and the V counter, 16 octets,
    /// integers most significant first.
    public func stsV(cryptoSTSIndex: UInt32) -> [UInt8] {
        let counter = FiRaKeySchedule.lastWord(of: authenticationIV) & FiRaKeySchedule.indexMask
        return vUpper64 + FiRaKeySchedule.bigEndian(cryptoSTSIndex) + FiRaKeySchedule.bigEndian(counter)
    }

    /// The STS key: the authentication key.
    public var stsKey: [UInt8] { authenticationKey }
}
