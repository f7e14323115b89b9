import UWBCore

extension RadioConfig {
    /// The scenario's `radio` object: every key optional, each defaulting to the value in
    /// ``RadioConfig/ranging`` (the PAC to the size UM Table 6 recommends for the preamble).
    ///
    /// - Throws: ``ScenarioError/json(_:)`` for JSON problems and ``ScenarioError/radio(field:error:)``
    ///   naming the key of the setting that does not fit.
    init(scenarioField field: ScenarioField) throws(ScenarioError) {
        typealias Key = ScenarioKey
        let object = try field.object(
            required: [],
            optional: [Key.radioChannel, Key.prf, Key.preambleLength, Key.preambleCode, Key.pac, Key.dataRate, Key.sfd])
        let base = RadioConfig.ranging
        let channel = try object.optionalField(Key.radioChannel)?.integer() ?? base.channel.number
        let prf = try object.optionalField(Key.prf)?.integer() ?? base.pulseRepetitionFrequency.rawValue
        let length = try object.optionalField(Key.preambleLength)?.integer() ?? base.preambleLength.symbols
        let code = try object.optionalField(Key.preambleCode)?.integer() ?? base.preambleCode
        let pac = try object.optionalField(Key.pac)?.integer()
        let rate = try object.optionalField(Key.dataRate)?.integer() ?? base.dataRate.rawValue
        let sfd = try object.optionalField(Key.sfd)?.choice(StartOfFrameDelimiter.self) ?? base.startOfFrameDelimiter
        do throws(RadioConfigError) {
            try self.init(
                channel: Channel(number: channel),
                pulseRepetitionFrequency: PulseRepetitionFrequency(megahertz: prf),
                preambleLength: PreambleLength(symbols: length),
                preambleCode: code,
                preambleAcquisitionChunk: pac.map { symbols throws(RadioConfigError) in
                    try PreambleAcquisitionChunk(symbols: symbols)
                },
                startOfFrameDelimiter: sfd,
                dataRate: DataRate(kilobitsPerSecond: rate))
        } catch {
            throw .radio(field: JSONPath.member(Self.scenarioKey(for: error), of: field.path), error: error)
        }
    }

    /// The `radio` key a configuration error is about.
    private static func scenarioKey(for error: RadioConfigError) -> String {
        switch error {
        case .unsupportedChannel: ScenarioKey.radioChannel
        case .unsupportedPulseRepetitionFrequency: ScenarioKey.prf
        case .unsupportedDataRate: ScenarioKey.dataRate
        case .unsupportedPreambleLength, .preambleLengthNotSupported: ScenarioKey.preambleLength
        case .unsupportedPreambleAcquisitionChunk, .preambleAcquisitionChunkTooLong: ScenarioKey.pac
        case .preambleCodeNotInChannel: ScenarioKey.preambleCode
        }
    }
}
