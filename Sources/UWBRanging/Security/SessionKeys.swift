/// The keys of one secured ranging session, shared by its two sides: one for the frames each role
/// sends, and the extended address that stands for each side in the nonces of its frames (the
/// frames carry short addresses; IEEE 802.15.4 nonces name the sender by its extended address).
///
/// Where they come from is up to the layer above: NearbyInteraction derives them from the two
/// discovery tokens' key agreement (`Docs/security.md`).
public struct SessionKeys: Hashable, Sendable {
    /// The length of each key: AES-128, as IEEE 802.15.4 security uses.
    public static let keyLength = 16

    /// The key of the initiator's frames.
    public let initiatorKey: [UInt8]
    /// The key of the responder's frames.
    public let responderKey: [UInt8]
    /// The initiator's extended address in nonces.
    public let initiatorNonceAddress: UInt64
    /// The responder's extended address in nonces.
    public let responderNonceAddress: UInt64

    /// Keys with the given values.
    ///
    /// - Throws: ``RangingFrameError/wrongKeyLength(_:)`` unless both keys have ``keyLength`` octets.
    public init(
        initiatorKey: [UInt8], responderKey: [UInt8], initiatorNonceAddress: UInt64, responderNonceAddress: UInt64
    ) throws(RangingFrameError) {
        for key in [initiatorKey, responderKey] where key.count != Self.keyLength {
            throw .wrongKeyLength(key.count)
        }
        self.initiatorKey = initiatorKey
        self.responderKey = responderKey
        self.initiatorNonceAddress = initiatorNonceAddress
        self.responderNonceAddress = responderNonceAddress
    }
}
