/// How a radio sends and checks the scrambled timestamp sequence (STS) of IEEE 802.15.4z HRP
/// frames: the defence against distance-reduction attacks on the public preamble
/// (`Docs/security.md`, "Attackers").
///
/// Only DW3000-family radios have an STS (``ChipFamily/supportsSecureTimestamps``); a DW1000
/// refuses a configuration that asks for one.
public struct SecureTimestampConfiguration: Hashable, Sendable, CustomStringConvertible {
    /// Where the STS goes in the frame.
    public var mode: SecureTimestampMode
    /// How long it is.
    public var length: SecureTimestampLength
    /// The AES-128 key of the sequence (the chip's STS_KEY).
    public var key: SecureTimestampSecret
    /// The initialization vector (the chip's STS_IV); its low 32 bits count frames.
    public var initializationVector: SecureTimestampSecret

    /// An STS configuration.
    public init(
        mode: SecureTimestampMode, length: SecureTimestampLength,
        key: SecureTimestampSecret, initializationVector: SecureTimestampSecret
    ) {
        self.mode = mode
        self.length = length
        self.key = key
        self.initializationVector = initializationVector
    }

    /// The IV of the session's frame number `index`, when each frame's STS advances the counter
    /// by ``SecureTimestampLength/counterStep``: the product index × step replaces the counter
    /// (the low 32 bits) and its bits above 32 are XORed into the next 32, so that no two frames
    /// of a session share an IV. A round's frames, four indices from a multiple of four, never
    /// carry out of the counter, so the radio reaches each one by itself from the round's first
    /// (`Docs/decisions/0023-sts-counters-from-frame-counters.md`).
    public func initializationVector(forFrame index: UInt32) -> SecureTimestampSecret {
        let advance = UInt64(index) * UInt64(length.counterStep)
        var octets = initializationVector.octets
        // Most significant octet first: the counter is octets 12…15, the next word octets 8…11.
        for position in 0..<4 {
            octets[15 - position] = UInt8(truncatingIfNeeded: advance >> (8 * UInt64(position)))
            octets[11 - position] ^= UInt8(truncatingIfNeeded: advance >> (32 + 8 * UInt64(position)))
        }
        return initializationVector.replacingOctets(octets)
    }

    /// The mode and length; never the key.
    public var description: String { "\(mode) \(length)" }
}
