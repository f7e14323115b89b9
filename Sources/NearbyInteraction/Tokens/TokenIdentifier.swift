import Crypto
import UWBCore

/// The random 128-bit identifier of one session's discovery token. It names the session, never the
/// device: every session draws a new one.
package struct TokenIdentifier: Hashable, Sendable, CustomStringConvertible {
    /// The 16 octets, in the order they are archived.
    package let octets: [UInt8]

    /// The number of octets in an identifier.
    package static let length = 16

    /// Wraps 16 octets; nil for any other count.
    package init?(octets: [UInt8]) {
        guard octets.count == Self.length else { return nil }
        self.octets = octets
    }

    /// The first 16 octets of the SHA-256 of `octets`: the same data, the same identifier (an
    /// accessory's token, from its configuration data).
    init(digestOf octets: [UInt8]) {
        self.octets = Array(SHA256.hash(data: octets).prefix(Self.length))
    }

    /// Draws 128 random bits from `generator`.
    package init(using generator: inout some RandomNumberGenerator) {
        var octets: [UInt8] = []
        octets.reserveCapacity(Self.length)
        for _ in 0..<2 {
            let word = generator.next()
            for shift in stride(from: 0, to: 64, by: 8) {
                octets.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
            }
        }
        self.octets = octets
    }

    /// The 32 lowercase hexadecimal digits.
    package var description: String {
        octets.map { hexDigits(UInt64($0), count: 2, uppercase: false) }.joined()
    }
}
