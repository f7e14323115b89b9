extension RadioConfig {
    /// This configuration on `channel`, everything else kept: ``ranging`` on channel 9, say, for
    /// DW3000-family radios beside others on channel 5.
    ///
    /// - Throws: ``RadioConfigError/preambleCodeNotInChannel(code:channel:prf:allowed:)`` if this
    ///   configuration's preamble code is not one of `channel`'s at its PRF.
    public func on(_ channel: Channel) throws(RadioConfigError) -> RadioConfig {
        try RadioConfig(
            channel: channel, pulseRepetitionFrequency: pulseRepetitionFrequency, preambleLength: preambleLength,
            preambleCode: preambleCode, preambleAcquisitionChunk: preambleAcquisitionChunk,
            startOfFrameDelimiter: startOfFrameDelimiter, dataRate: dataRate, secureTimestamps: secureTimestamps)
    }
}
