/// Why a radio configuration was rejected. Each message names the field to change.
public enum RadioConfigError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A channel number no supported chip has.
    case unsupportedChannel(Int)
    /// A PRF other than 16 or 64 MHz.
    case unsupportedPulseRepetitionFrequency(Int)
    /// A data rate other than 110, 850 or 6800 kbps.
    case unsupportedDataRate(Int)
    /// A preamble length other than 64, 128, 256, 512, 1024, 1536, 2048 or 4096 symbols.
    case unsupportedPreambleLength(Int)
    /// A PAC size other than 8, 16, 32 or 64 symbols.
    case unsupportedPreambleAcquisitionChunk(Int)
    /// The preamble code does not belong to the channel at this PRF.
    case preambleCodeNotInChannel(code: Int, channel: Channel, prf: PulseRepetitionFrequency, allowed: [Int])
    /// The receiver has no tuning for this preamble length at this data rate.
    case preambleLengthNotSupported(PreambleLength, dataRate: DataRate)
    /// The PAC is more than half the preamble, leaving no room to acquire.
    case preambleAcquisitionChunkTooLong(
        PreambleAcquisitionChunk, preambleLength: PreambleLength, recommended: PreambleAcquisitionChunk)

    /// What is wrong, naming the field, and what would be accepted.
    public var description: String {
        "\(field): \(problem)"
    }

    /// The ``RadioConfig`` property the error is about, for example `pulseRepetitionFrequency`.
    public var field: String {
        switch self {
        case .unsupportedChannel: "channel"
        case .unsupportedPulseRepetitionFrequency: "pulseRepetitionFrequency"
        case .unsupportedDataRate: "dataRate"
        case .unsupportedPreambleLength, .preambleLengthNotSupported: "preambleLength"
        case .unsupportedPreambleAcquisitionChunk, .preambleAcquisitionChunkTooLong: "preambleAcquisitionChunk"
        case .preambleCodeNotInChannel: "preambleCode"
        }
    }

    /// What is wrong and what would be accepted, without the field: for callers that name the
    /// setting their own way (a scenario's JSON key, a command's option).
    public var problem: String {
        switch self {
        case .unsupportedChannel(let number):
            "\(number) is not a UWB channel of a supported chip; use 1, 2, 3, 4, 5 or 7 (DW1000) or 5 or 9 (DW3000)"
        case .unsupportedPulseRepetitionFrequency(let value):
            "\(value) MHz is not supported; use 16 or 64"
        case .unsupportedDataRate(let value):
            "\(value) kbps is not supported; use 110, 850 or 6800"
        case .unsupportedPreambleLength(let value):
            "\(value) symbols is not supported; use 64, 128, 256, 512, 1024, 1536, 2048 or 4096"
        case .unsupportedPreambleAcquisitionChunk(let value):
            "\(value) symbols is not supported; use 8, 16, 32 or 64"
        case .preambleCodeNotInChannel(let code, let channel, let prf, let allowed):
            "code \(code) does not belong to \(channel) at \(prf); use one of "
                + allowed.map(String.init).joined(separator: ", ")
        case .preambleLengthNotSupported(let length, let rate):
            "\(length) cannot be received at \(rate); use one of "
                + PreambleLength.allCases.filter { $0.supportedDataRates.contains(rate) }
                .map { String($0.symbols) }.joined(separator: ", ") + " symbols"
        case .preambleAcquisitionChunkTooLong(let pac, let length, let recommended):
            "\(pac) is too long for a preamble of \(length); use \(recommended) (UM Table 6)"
        }
    }
}
