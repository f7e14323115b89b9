/// The 32-bit FNV-1a hash (Fowler, Noll and Vo; offset basis 0x811C9DC5, prime 0x01000193): a
/// quick, well-spread hash for deriving identifiers both sides of a link compute alike. Not a
/// cryptographic hash.
public enum FNV1a {
    /// The hash of `octets`.
    public static func hash32(_ octets: [UInt8]) -> UInt32 {
        octets.reduce(UInt32(0x811C_9DC5)) { hash, octet in (hash ^ UInt32(octet)) &* 0x0100_0193 }
    }
}
