import Crypto

/// FiRa's protection of a frame's payload under a rotation's payload key: CCM* at security level 6
/// (encryption and a 64-bit MIC), the header as authenticated data, with the nonce six zero
/// octets, the sender's short address and the crypto STS index (both most significant first) and
/// the security level; the header's security control octet says ENC-MIC-64 without a frame
/// counter (0x26).
///
/// Source: the FiRa UWB MAC Technical Requirements 1.3.0 test vectors as Qorvo's GPLv2 "UWB stack
/// for linux" runs them (`mac/fira_crypto.c`, read for facts); `Docs/reference/fira-security.md`.
public struct FiRaFrameProtection: Hashable, Sendable {
    /// The MIC's length: 64 bits.
    public static let micLength = 8
    /// The security level: ENC-MIC-64.
    static let securityLevel: UInt8 = 0x06
    /// The security control octet: ENC-MIC-64, frame counter suppressed (bit 5).
    static let securityControl: UInt8 = 0x26
    /// Where the security control octet sits in a FiRa frame's header: after the frame control
    /// and the destination short address.
    static let securityControlOffset = 4

    /// The payload key (``FiRaRotationKeys/payloadKey``).
    public let payloadKey: [UInt8]

    /// Protection under `payloadKey`.
    ///
    /// - Throws: ``FiRaSecurityError/wrongKeyLength(_:)`` for a key that is not 16 octets.
    public init(payloadKey: [UInt8]) throws(FiRaSecurityError) {
        guard payloadKey.count == FiRaKeySchedule.keyLength else { throw .wrongKeyLength(payloadKey.count) }
        self.payloadKey = payloadKey
    }

    /// `frame` (header of `headerLength` octets, then the payload in clear) with its security
    /// control octet set, its payload encrypted and its MIC appended.
    ///
    /// - Throws: ``FiRaSecurityError/frameTooShort(length:needed:)`` for a frame shorter than its header.
    public func protect(_ frame: [UInt8], headerLength: Int, sourceShortAddress: UInt16, cryptoSTSIndex: UInt32) throws(FiRaSecurityError) -> [UInt8] {
        guard headerLength > Self.securityControlOffset, frame.count >= headerLength else {
            throw .frameTooShort(length: frame.count, needed: max(headerLength, Self.securityControlOffset + 1))
        }
        var header = Array(frame.prefix(headerLength))
        header[Self.securityControlOffset] = Self.securityControl
        do {
            let sealed = try CCMStar.seal(
                key: SymmetricKey(data: payloadKey), nonce: Self.nonce(sourceShortAddress, cryptoSTSIndex),
                authenticating: header[...], encrypting: Array(frame.dropFirst(headerLength)), micLength: Self.micLength)
            return header + sealed.ciphertext + sealed.mic
        } catch {
            throw .cipher("\(error)")
        }
    }

    /// The frame in clear that ``protect(_:headerLength:sourceShortAddress:cryptoSTSIndex:)`` made
    /// `frame` from, its MIC checked and removed.
    ///
    /// - Throws: ``FiRaSecurityError/authenticationFailed`` when the MIC does not match,
    ///   ``FiRaSecurityError/frameTooShort(length:needed:)`` for a frame without room for its header and MIC.
    public func open(_ frame: [UInt8], headerLength: Int, sourceShortAddress: UInt16, cryptoSTSIndex: UInt32) throws(FiRaSecurityError) -> [UInt8] {
        guard frame.count >= headerLength + Self.micLength else {
            throw .frameTooShort(length: frame.count, needed: headerLength + Self.micLength)
        }
        let header = Array(frame.prefix(headerLength))
        let opened: [UInt8]?
        do {
            opened = try CCMStar.open(
                key: SymmetricKey(data: payloadKey), nonce: Self.nonce(sourceShortAddress, cryptoSTSIndex), authenticating: header[...],
                decrypting: Array(frame[headerLength..<(frame.count - Self.micLength)]), mic: Array(frame.suffix(Self.micLength)))
        } catch {
            throw .cipher("\(error)")
        }
        guard let opened else { throw .authenticationFailed }
        return header + opened
    }

    /// The nonce: IEEE 802.15.4's (``CCMStar/nonce(address:frameCounter:level:)``) with the short
    /// address as the 8-octet address (six zero octets before it) and the crypto STS index as the
    /// frame counter.
    static func nonce(_ sourceShortAddress: UInt16, _ cryptoSTSIndex: UInt32) -> [UInt8] {
        CCMStar.nonce(address: UInt64(sourceShortAddress), frameCounter: cryptoSTSIndex, level: securityLevel)
    }
}
