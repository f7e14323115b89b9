/// Everything that two radios must agree on to hear each other.
///
/// A `RadioConfig` is valid by construction: the initializer rejects combinations the chip cannot
/// receive (a preamble code that does not belong to the channel and PRF, a preamble length the
/// receiver has no tuning for at the data rate, a PAC as long as the preamble).
public struct RadioConfig: Hashable, Sendable, CustomStringConvertible {
    /// The UWB channel.
    public let channel: Channel
    /// The preamble's pulse repetition frequency.
    public let pulseRepetitionFrequency: PulseRepetitionFrequency
    /// The preamble length.
    public let preambleLength: PreambleLength
    /// The preamble code (1–24), shared by transmitter and receiver.
    public let preambleCode: Int
    /// The preamble acquisition chunk size.
    public let preambleAcquisitionChunk: PreambleAcquisitionChunk
    /// The start-of-frame delimiter.
    public let startOfFrameDelimiter: StartOfFrameDelimiter
    /// The data rate of the payload.
    public let dataRate: DataRate
    /// The scrambled timestamp sequence, or `nil` for frames without one (the only kind a
    /// DW1000 can send).
    public let secureTimestamps: SecureTimestampConfiguration?

    /// A validated configuration.
    ///
    /// - Parameters:
    ///   - channel: the UWB channel.
    ///   - pulseRepetitionFrequency: the preamble's PRF.
    ///   - preambleLength: the preamble length; it must have receiver tuning at `dataRate`.
    ///   - preambleCode: a preamble code that `channel` allows at `pulseRepetitionFrequency`.
    ///   - preambleAcquisitionChunk: the PAC; `nil` picks the size UM Table 6 recommends.
    ///   - secureTimestamps: the STS to send and check, or `nil` for none.
    ///   - startOfFrameDelimiter: the SFD; the IEEE one by default.
    ///   - dataRate: the payload data rate.
    /// - Throws: ``RadioConfigError`` naming the field that does not fit the others.
    public init(
        channel: Channel,
        pulseRepetitionFrequency: PulseRepetitionFrequency,
        preambleLength: PreambleLength,
        preambleCode: Int,
        preambleAcquisitionChunk: PreambleAcquisitionChunk? = nil,
        startOfFrameDelimiter: StartOfFrameDelimiter = .standard,
        dataRate: DataRate,
        secureTimestamps: SecureTimestampConfiguration? = nil
    ) throws(RadioConfigError) {
        let allowedCodes = channel.preambleCodes(at: pulseRepetitionFrequency)
        guard allowedCodes.contains(preambleCode) else {
            throw .preambleCodeNotInChannel(
                code: preambleCode, channel: channel, prf: pulseRepetitionFrequency, allowed: allowedCodes)
        }
        guard preambleLength.supportedDataRates.contains(dataRate) else {
            throw .preambleLengthNotSupported(preambleLength, dataRate: dataRate)
        }
        let pac = preambleAcquisitionChunk ?? .recommended(for: preambleLength)
        guard pac.symbols * 2 <= preambleLength.symbols else {
            throw .preambleAcquisitionChunkTooLong(
                pac, preambleLength: preambleLength, recommended: .recommended(for: preambleLength))
        }
        self.channel = channel
        self.pulseRepetitionFrequency = pulseRepetitionFrequency
        self.preambleLength = preambleLength
        self.preambleCode = preambleCode
        self.preambleAcquisitionChunk = pac
        self.startOfFrameDelimiter = startOfFrameDelimiter
        self.dataRate = dataRate
        self.secureTimestamps = secureTimestamps
    }

    /// The configuration swift-uwb uses unless told otherwise: channel 5, 64 MHz PRF, code 9,
    /// 128-symbol preamble, PAC 8, standard SFD, 6.8 Mbps. Short frames (about 0.19 ms for a
    /// 24-octet frame) keep ranging rounds fast and collisions rare.
    public static let ranging = RadioConfig(
        validated: .five, .sixtyFourMegahertz, .symbols128, code: 9, .symbols8, .standard, .mbps6_8)

    /// The configuration a DW1000 has after reset (UM §2.5): channel 5, 16 MHz PRF, code 4,
    /// 128-symbol preamble, PAC 8, standard SFD, 6.8 Mbps.
    public static let powerOnDefault = RadioConfig(
        validated: .five, .sixteenMegahertz, .symbols128, code: 4, .symbols8, .standard, .mbps6_8)

    /// Builds one of the constant configurations above, which are valid by inspection.
    private init(
        validated channel: Channel, _ prf: PulseRepetitionFrequency, _ length: PreambleLength, code: Int,
        _ pac: PreambleAcquisitionChunk, _ sfd: StartOfFrameDelimiter, _ rate: DataRate
    ) {
        self.channel = channel
        self.pulseRepetitionFrequency = prf
        self.preambleLength = length
        self.preambleCode = code
        self.preambleAcquisitionChunk = pac
        self.startOfFrameDelimiter = sfd
        self.dataRate = rate
        self.secureTimestamps = nil
    }

    /// This configuration with `secureTimestamps` as its STS (`nil` for none).
    public func withSecureTimestamps(_ secureTimestamps: SecureTimestampConfiguration?) -> RadioConfig {
        RadioConfig(self, secureTimestamps: secureTimestamps)
    }

    private init(_ other: RadioConfig, secureTimestamps: SecureTimestampConfiguration?) {
        self.channel = other.channel
        self.pulseRepetitionFrequency = other.pulseRepetitionFrequency
        self.preambleLength = other.preambleLength
        self.preambleCode = other.preambleCode
        self.preambleAcquisitionChunk = other.preambleAcquisitionChunk
        self.startOfFrameDelimiter = other.startOfFrameDelimiter
        self.dataRate = other.dataRate
        self.secureTimestamps = secureTimestamps
    }

    /// A one-line summary, for example `channel 5, 64 MHz PRF, code 9, 128 symbols, PAC 8, standard SFD, 6.8 Mbps`.
    public var description: String {
        "\(channel), \(pulseRepetitionFrequency), code \(preambleCode), \(preambleLength), "
            + "\(preambleAcquisitionChunk), \(startOfFrameDelimiter), \(dataRate)"
            + (secureTimestamps.map { ", \($0)" } ?? "")
    }
}
