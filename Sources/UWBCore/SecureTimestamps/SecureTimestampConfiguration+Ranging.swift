extension SecureTimestampConfiguration {
    /// The STS swift-uwb ranges with, under `key` and `initializationVector`: SP1 (the frames keep
    /// their payload, ``SecureTimestampMode/afterFrameDelimiter``) with 64 symbols, FiRa's default
    /// length (``SecureTimestampLength/symbols64``). Sessions derive the key and IV from their
    /// tokens; the emulator's accuracy benchmarks use fixed ones.
    public static func ranging(key: SecureTimestampSecret, initializationVector: SecureTimestampSecret) -> SecureTimestampConfiguration {
        SecureTimestampConfiguration(
            mode: .afterFrameDelimiter, length: .symbols64, key: key, initializationVector: initializationVector)
    }
}
