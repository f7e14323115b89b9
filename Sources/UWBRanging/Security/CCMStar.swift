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
        guard nonce.count == nonceLength, [4, 8, 16].contains(length), data.count < 0xFF00 else {
            throw CryptoKitError.incorrectParameterSize
        }
        // B0: flags (Adata, M' = (M - 2) / 2, L' = L - 1 = 1), the nonce, l(m) = 0.
        var blocks: [UInt8] = [0x40 | UInt8((length - 2) / 2) << 3 | 0x01] + nonce + [0, 0]
        // The authenticated data, after its 2-octet length, padded with zeros to whole blocks.
        blocks += [UInt8(data.count >> 8), UInt8(truncatingIfNeeded: data.count)] + data
        blocks += [UInt8](repeating: 0, count: (block - blocks.count % block) % block)
        let chained = try AES._CBC.encrypt(blocks, using: key, iv: AES._CBC.IV(ivBytes: [UInt8](repeating: 0, count: block)), noPadding: true)
        let tag = Array(chained.suffix(block).prefix(length))
        // A0: flags (L' = 1), the nonce, counter 0.
        let counterBlock: [UInt8] = [0x01] + nonce + [0, 0]
        return Array(try AES._CTR.encrypt(tag, using: key, nonce: AES._CTR.Nonce(nonceBytes: counterBlock)))
    }
}
