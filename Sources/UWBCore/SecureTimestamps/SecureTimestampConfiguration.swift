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

    /// The mode and length; never the key.
    public var description: String { "\(mode) \(length)" }
}
