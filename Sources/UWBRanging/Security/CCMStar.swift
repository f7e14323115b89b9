import Crypto
import CryptoExtras
import Foundation

/// CCM* authentication without encryption, as IEEE 802.15.4-2006 secures frames of security
/// levels 1–3 (Annex B.4): a MIC of 4, 8 or 16 octets over the frame's header and payload. For
/// these lengths CCM* is CCM (NIST SP 800-38C, RFC 3610) with an empty message, 2-octet length
/// field (L = 2) and a 13-octet nonce.
///
/// Composed from swift-crypto's modes, not from the block cipher by hand: the CBC-MAC is the last
/// block of AES-CBC with a zero IV over B0 and the padded authenticated data, and the MIC is the
/// CBC-MAC's first octets encrypted by AES-CTR from counter block A0. `Docs/decisions/0013-authenticated-ranging-frames.md`
/// records why (swift-crypto has no CCM).
enum CCMStar {
    /// The nonce length: source extended address (8), frame counter (4), security level (1).
    static let nonceLength = 13
    /// The AES block length.
    private static let block = 16

    /// The 802.15.4 nonce (Annex B.4.1, B.2): the sender's extended address and the frame
    /// counter, both most significant octet first, then the security level.
    static func nonce(address: UInt64, frameCounter: UInt32, level: UInt8) -> [UInt8] {
        (0..<8).reversed().map { UInt8(truncatingIfNeeded: address >> (8 * $0)) }
            + (0..<4).reversed().map { UInt8(truncatingIfNeeded: frameCounter >> (8 * $0)) } + [level]
    }

    /// The MIC of `length` octets (4, 8 or 16) over `data` under `key` and `nonce`.
    ///
    /// - Throws: `CryptoKitError` for a key that is not an AES key, a nonce of another length
    ///   than 13 octets, or data of 65 280 octets or more (none of which a ranging frame has).
    static func messageIntegrityCode(
        key: SymmetricKey, nonce: [UInt8], authenticating data: ArraySlice<UInt8>, length: Int
    ) throws -> [UInt8] {
        try seal(key: key, nonce: nonce, authenticating: data, encrypting: [], micLength: length).mic
    }

    /// CCM* with encryption (security levels 5–7): `message` encrypted by AES-CTR from counter
    /// block A1, and the MIC of `length` octets (4, 8 or 16) over `data` and `message`, encrypted
    /// from A0 (RFC 3610 §2.2–2.3 with L = 2).
    ///
    /// - Throws: `CryptoKitError` for a key that is not an AES key, a nonce of another length than
    ///   13 octets, or data or a message of 65 280 octets or more.
    static func seal(
        key: SymmetricKey, nonce: [UInt8], authenticating data: ArraySlice<UInt8>, encrypting message: [UInt8], micLength length: Int
    ) throws -> (ciphertext: [UInt8], mic: [UInt8]) {
        let tag = try cbcMAC(key: key, nonce: nonce, authenticating: data, message: message, length: length)
        return (try counterMode(message, key: key, nonce: nonce, from: 1), try counterMode(tag, key: key, nonce: nonce, from: 0))
    }

    /// Opens what ``seal(key:nonce:authenticating:encrypting:micLength:)`` made: the message, or
    /// nil when the MIC does not match.
    ///
    /// - Throws: `CryptoKitError` as ``seal(key:nonce:authenticating:encrypting:micLength:)`` does.
    static func open(
        key: SymmetricKey, nonce: [UInt8], authenticating data: ArraySlice<UInt8>, decrypting ciphertext: [UInt8], mic: [UInt8]
    ) throws -> [UInt8]? {
        let message = try counterMode(ciphertext, key: key, nonce: nonce, from: 1)
        let tag = try cbcMAC(key: key, nonce: nonce, authenticating: data, message: message, length: mic.count)
        let expected = try counterMode(tag, key: key, nonce: nonce, from: 0)
        // Compared in full, not octet by octet with an early exit.
        return zip(expected, mic).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0 ? message : nil
    }

    /// The unencrypted tag T: the first `length` octets of the CBC-MAC over B0, the authenticated
    /// data after its 2-octet length and the message, each padded with zeros to whole blocks.
    private static func cbcMAC(
        key: SymmetricKey, nonce: [UInt8], authenticating data: ArraySlice<UInt8>, message: [UInt8], length: Int
    ) throws -> [UInt8] {
        guard nonce.count == nonceLength, [4, 8, 16].contains(length), data.count < 0xFF00, message.count < 0xFF00 else {
            throw CryptoKitError.incorrectParameterSize
        }
        // B0: flags (Adata, M' = (M - 2) / 2, L' = L - 1 = 1), the nonce, l(m).
        let adata: UInt8 = data.isEmpty ? 0 : 0x40
        var blocks: [UInt8] = [adata | UInt8((length - 2) / 2) << 3 | 0x01] + nonce + [UInt8(message.count >> 8), UInt8(truncatingIfNeeded: message.count)]
        if !data.isEmpty {
            blocks += [UInt8(data.count >> 8), UInt8(truncatingIfNeeded: data.count)] + data
            blocks += [UInt8](repeating: 0, count: (block - blocks.count % block) % block)
        }
        blocks += message + [UInt8](repeating: 0, count: (block - message.count % block) % block)
        let chained = try AES._CBC.encrypt(blocks, using: key, iv: AES._CBC.IV(ivBytes: [UInt8](repeating: 0, count: block)), noPadding: true)
        return Array(chained.suffix(block).prefix(length))
    }

    /// `octets` XORed with the key stream from counter block A`counter`: flags (L' = 1), the nonce, the counter.
    private static func counterMode(_ octets: [UInt8], key: SymmetricKey, nonce: [UInt8], from counter: UInt16) throws -> [UInt8] {
        guard !octets.isEmpty else { return [] }
        let counterBlock: [UInt8] = [0x01] + nonce + [UInt8(counter >> 8), UInt8(truncatingIfNeeded: counter)]
        return Array(try AES._CTR.encrypt(octets, using: key, nonce: AES._CTR.Nonce(nonceBytes: counterBlock)))
    }
}
