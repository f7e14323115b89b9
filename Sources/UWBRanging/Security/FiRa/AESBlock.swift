import Crypto
import CryptoExtras

/// One AES-128 block operation, from swift-crypto's CBC mode with a zero IV over a single block
/// (which is the bare block cipher): what AES-CMAC and FiRa's header privacy build on, since
/// swift-crypto offers neither CMAC nor ECB.
enum AESBlock {
    /// The block length.
    static let length = 16

    /// `block` (16 octets) encrypted under `key` (16 octets).
    static func encrypt(_ block: [UInt8], key: [UInt8]) throws(FiRaSecurityError) -> [UInt8] {
        try check(block, key: key)
        do {
            return Array(try AES._CBC.encrypt(block, using: SymmetricKey(data: key), iv: zeroIV(), noPadding: true))
        } catch {
            throw .cipher("\(error)")
        }
    }

    /// `block` (16 octets) decrypted under `key` (16 octets).
    static func decrypt(_ block: [UInt8], key: [UInt8]) throws(FiRaSecurityError) -> [UInt8] {
        try check(block, key: key)
        do {
            return Array(try AES._CBC.decrypt(block, using: SymmetricKey(data: key), iv: zeroIV(), noPadding: true))
        } catch {
            throw .cipher("\(error)")
        }
    }

    private static func zeroIV() throws -> AES._CBC.IV {
        try AES._CBC.IV(ivBytes: [UInt8](repeating: 0, count: length))
    }

    private static func check(_ block: [UInt8], key: [UInt8]) throws(FiRaSecurityError) {
        guard key.count == FiRaKeySchedule.keyLength else { throw .wrongKeyLength(key.count) }
        guard block.count == length else { throw .cipher("a block of \(block.count) octets, not \(length)") }
    }
}
