import UWBCore

/// The scrambled timestamp sequence a frame carries (IEEE 802.15.4z): which sequence it is (the
/// key and the IV with its counter as they were when the frame was sent) and where it goes.
///
/// The emulator does not generate the pulses: two sequences are the same exactly when their key
/// and IV are, and a receiver's correlation with any other sequence is noise
/// (`Docs/reference/uwb-physics.md` §1.3a, "The emulator's model").
public struct TransmittedSecureTimestamp: Hashable, Sendable {
    /// SP1 or SP3.
    public let mode: SecureTimestampMode
    /// The length of the sequence.
    public let length: SecureTimestampLength
    /// The AES-128 key.
    public let key: SecureTimestampSecret
    /// The IV, its low 32 bits the counter as it was for this frame.
    public let initializationVector: SecureTimestampSecret

    /// The sequence sent with `key` and `initializationVector`.
    public init(mode: SecureTimestampMode, length: SecureTimestampLength, key: SecureTimestampSecret,
                initializationVector: SecureTimestampSecret) {
        self.mode = mode
        self.length = length
        self.key = key
        self.initializationVector = initializationVector
    }

    /// Whether a receiver that expects the sequence of `key` and `initializationVector` finds
    /// this one: only the same key and IV give the same pulses.
    public func matches(key: SecureTimestampSecret, initializationVector: SecureTimestampSecret) -> Bool {
        self.key == key && self.initializationVector == initializationVector
    }
}
