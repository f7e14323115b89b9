/// FiRa's privacy of header IEs under a provisioned STS: the IE's content, after its 2-octet IE
/// header and 3-octet vendor OUI, encrypted block by block with AES under the privacy key
/// (``FiRaKeySchedule/privacyKey``); static STS leaves headers in clear.
///
/// Source: the FiRa UWB MAC Technical Requirements 1.3.0 test vectors as Qorvo's GPLv2 "UWB stack
/// for linux" runs them (`mac/fira_crypto.c`, read for facts); `Docs/reference/fira-security.md`.
public struct FiRaHeaderPrivacy: Hashable, Sendable {
    /// The privacy key.
    public let privacyKey: [UInt8]

    /// Privacy under `privacyKey`.
    ///
    /// - Throws: ``FiRaSecurityError/wrongKeyLength(_:)`` for a key that is not 16 octets.
    public init(privacyKey: [UInt8]) throws(FiRaSecurityError) {
        guard privacyKey.count == FiRaKeySchedule.keyLength else { throw .wrongKeyLength(privacyKey.count) }
        self.privacyKey = privacyKey
    }

    /// `frame` with the `length` octets (whole blocks) from `offset` encrypted.
    ///
    /// - Throws: ``FiRaSecurityError/headerIEOutOfFrame(offset:length:frameLength:)`` for a span
    ///   outside the frame or not of whole blocks.
    public func encrypt(_ frame: [UInt8], offset: Int, length: Int) throws(FiRaSecurityError) -> [UInt8] {
        try transform(frame, offset: offset, length: length) { (block) throws(FiRaSecurityError) in
            try AESBlock.encrypt(block, key: privacyKey)
        }
    }

    /// `frame` with the `length` octets from `offset` decrypted.
    ///
    /// - Throws: as ``encrypt(_:offset:length:)``.
    public func decrypt(_ frame: [UInt8], offset: Int, length: Int) throws(FiRaSecurityError) -> [UInt8] {
        try transform(frame, offset: offset, length: length) { (block) throws(FiRaSecurityError) in
            try AESBlock.decrypt(block, key: privacyKey)
        }
    }

    private func transform(
        _ frame: [UInt8], offset: Int, length: Int, _ cipher: ([UInt8]) throws(FiRaSecurityError) -> [UInt8]
    ) throws(FiRaSecurityError) -> [UInt8] {
        guard offset >= 0, length > 0, length.isMultiple(of: AESBlock.length), offset + length <= frame.count else {
            throw .headerIEOutOfFrame(offset: offset, length: length, frameLength: frame.count)
        }
        var result = frame
        for start in stride(from: offset, to: offset + length, by: AESBlock.length) {
            result.replaceSubrange(start..<(start + AESBlock.length), with: try cipher(Array(frame[start..<(start + AESBlock.length)])))
        }
        return result
    }
}
