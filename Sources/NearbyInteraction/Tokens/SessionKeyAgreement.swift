import Crypto
import UWBCore
import UWBRanging

/// How both sides of a session derive its keys from their two discovery tokens, with no message
/// exchanged beyond the tokens: ECDH on P-256 between this side's private key and the peer
/// token's key share, then HKDF-SHA-256 (RFC 5869) over the shared secret, salted with both
/// tokens (the initiator's archived content, then the responder's) and bound to this protocol by
/// its info string, giving 48 octets: the initiator's frame key (16), the responder's (16), the
/// initiator's nonce address (8) and the responder's (8), each address most significant octet
/// first. The scrambled timestamp sequence's key and IV come from the same secret and salt under
/// a distinct info string, so they are independent of the frame keys: 32 octets, the STS key (16)
/// then the IV (16). `Docs/security.md` explains the choice.
enum SessionKeyAgreement {
    /// The HKDF info string of the frame keys: names the protocol and the version of this derivation.
    static let info = Array("swift-uwb ranging session keys v1".utf8)
    /// The HKDF info string of the STS key and IV.
    static let secureTimestampInfo = Array("swift-uwb ranging STS v1".utf8)
    /// The STS a session uses when both radios have one (``SecureTimestampConfiguration/ranging(key:initializationVector:)``:
    /// SP1, 64 symbols) with a zero key and IV: for what depends only on its shape, the airtime of
    /// a session's frames, before any session has its own.
    static let secureTimestampPlaceholder = SecureTimestampConfiguration.ranging(key: .zero, initializationVector: .zero)

    /// The session keys and STS of `local` (whose private key is `privateKey`) with `peer`, `role`
    /// being this side's.
    ///
    /// - Throws: ``NIError/Code/invalidConfiguration`` for a peer token without a key share (an
    ///   older swift-uwb's), or with one that is not a point on P-256.
    static func secrets(
        privateKey: P256.KeyAgreement.PrivateKey, local: DiscoveryTokenContent, peer: DiscoveryTokenContent, role: RangingRole
    ) throws(NIError) -> SessionSecrets {
        guard !peer.publicKeyShare.isEmpty else {
            throw NIError(.invalidConfiguration, detail: "the peer token carries no key share (format version 1, from a swift-uwb before secure ranging), so its frames could not be authenticated; update the peer and run the new token it sends")
        }
        let peerKey: P256.KeyAgreement.PublicKey
        do {
            peerKey = try P256.KeyAgreement.PublicKey(compressedRepresentation: peer.publicKeyShare)
        } catch {
            throw NIError(.invalidConfiguration, detail: "the peer token's key share (\(peer.publicKeyShare.count) octets) is not a compressed point on P-256; the token is damaged or forged, so ask the peer for a new one")
        }
        let secret: SharedSecret
        do {
            secret = try privateKey.sharedSecretFromKeyAgreement(with: peerKey)
        } catch {
            throw NIError(.invalidConfiguration, detail: "no key agreement with the peer token's key share (\(error)); ask the peer for a new token")
        }
        let (initiator, responder) = role == .initiator ? (local, peer) : (peer, local)
        let salt = initiator.encoded + responder.encoded
        func derive(_ info: [UInt8], count: Int) -> [UInt8] {
            secret.hkdfDerivedSymmetricKey(using: SHA256.self, salt: salt, sharedInfo: info, outputByteCount: count)
                .withUnsafeBytes { Array($0) }
        }
        let octets = derive(info, count: 48)
        let sts = derive(secureTimestampInfo, count: 32)
        func address(at offset: Int) -> UInt64 {
            octets[offset..<(offset + 8)].reduce(0) { $0 << 8 | UInt64($1) }
        }
        do {
            let keys = try SessionKeys(
                initiatorKey: Array(octets[0..<16]), responderKey: Array(octets[16..<32]),
                initiatorNonceAddress: address(at: 32), responderNonceAddress: address(at: 40))
            let secureTimestamps = SecureTimestampConfiguration.ranging(
                key: try SecureTimestampSecret(octets: Array(sts[0..<16]), field: "STS key"),
                initializationVector: try SecureTimestampSecret(octets: Array(sts[16..<32]), field: "STS IV"))
            return SessionSecrets(keys: keys, secureTimestamps: secureTimestamps)
        } catch {
            throw NIError(.invalidConfiguration, detail: "the session keys could not be made (\(error))")
        }
    }
}
