/// The 32-bit FNV-1a hash (Fowler, Noll and Vo; offset basis 0x811C9DC5, prime 0x01000193): a
/// quick, well-spread hash for deriving identifiers both sides of a link compute alike. Not a
/// cryptographic hash.
public enum FNV1a {
    /// The hash of `octets`.
    public static func hash32(_ octets: [UInt8]) -> UInt32 {
        octets.reduce(UInt32(0x811C_9DC5)) { hash, octet in (hash ^ UInt32(octet)) &* 0x0100_0193 }
    }

    /// A 64-bit FNV-1a hash being built (offset basis 0xCBF29CE484222325, prime 0x100000001B3), text by
    /// text: the hash of texts that begin alike can start from the beginning's.
    public struct Hash64: Sendable {
        /// The hash of the octets added so far.
        public private(set) var value: UInt64 = 0xCBF2_9CE4_8422_2325

        /// The hash of nothing yet.
        public init() {}

        /// The hash of `text`'s UTF-8 octets.
        public init(_ text: String) {
            add(text)
        }

        /// Adds `text`'s UTF-8 octets.
        public mutating func add(_ text: String) {
            for octet in text.utf8 {
                value ^= UInt64(octet)
                value &*= 0x0000_0100_0000_01B3
            }
        }
    }
}
