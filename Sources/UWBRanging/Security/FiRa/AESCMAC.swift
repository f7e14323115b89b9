/// AES-CMAC (RFC 4493; NIST SP 800-38B): a 16-octet message authentication code under an
/// AES-128 key, FiRa's pseudo-random function for its configuration digest and key derivation.
///
/// Subkeys K1 and K2 come from L = AES(K, 0¹²⁸) by a left shift and, when the shifted-out bit is
/// set, an exclusive-or with R_b = 0x87 (RFC 4493 §2.3); the last block is XORed with K1 when it
/// is whole and padded with 10…0 and XORed with K2 otherwise (§2.4).
enum AESCMAC {
    /// The constant R_b of the subkey generation for 128-bit blocks.
    private static let rb: UInt8 = 0x87

    /// The CMAC of `message` under `key`.
    ///
    /// - Throws: ``FiRaSecurityError/wrongKeyLength(_:)`` for a key that is not 16 octets.
    static func tag(key: [UInt8], message: [UInt8]) throws(FiRaSecurityError) -> [UInt8] {
        let size = AESBlock.length
        let l = try AESBlock.encrypt([UInt8](repeating: 0, count: size), key: key)
        let k1 = shiftedLeft(l)
        let k2 = shiftedLeft(k1)
        let whole = !message.isEmpty && message.count.isMultiple(of: size)
        let blocks = max(1, (message.count + size - 1) / size)
        var last = Array(message[((blocks - 1) * size)...])
        if whole {
            last = xor(last, k1)
        } else {
            last.append(0x80)
            last += [UInt8](repeating: 0, count: size - last.count)
            last = xor(last, k2)
        }
        var state = [UInt8](repeating: 0, count: size)
        for index in 0..<(blocks - 1) {
            state = try AESBlock.encrypt(xor(state, Array(message[(index * size)..<((index + 1) * size)])), key: key)
        }
        return try AESBlock.encrypt(xor(state, last), key: key)
    }

    /// `block` shifted left by one bit, XORed with R_b when its top bit was set.
    private static func shiftedLeft(_ block: [UInt8]) -> [UInt8] {
        var shifted = block.indices.map { index in
            block[index] << 1 | (index + 1 < block.count ? block[index + 1] >> 7 : 0)
        }
        if block[0] & 0x80 != 0 {
            shifted[shifted.count - 1] ^= rb
        }
        return shifted
    }

    /// The octet-wise exclusive-or of two blocks of one length.
    static func xor(_ a: [UInt8], _ b: [UInt8]) -> [UInt8] {
        zip(a, b).map { $0 ^ $1 }
    }
}
