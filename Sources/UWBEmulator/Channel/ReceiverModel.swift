import Foundation
import UWBCore

/// The receiver: noise floor, sensitivity, frame success probability and the carrier-phase noise of a
/// reception as functions of signal strength. A reception's timing comes from the chip's accumulator and
/// leading-edge detection instead (``PreambleAccumulator``).
public struct ReceiverModel: Hashable, Sendable {
    /// Thermal noise density at 290 K, −174 dBm/Hz (10·log₁₀(k·T₀·1 Hz / 1 mW), k = 1.380649e-23 J/K, T₀ = 290 K;
    /// the standard reference temperature of IEEE Std 145/ITU-R P.372) [D].
    public static let thermalNoiseDensityDBmPerHertz = -174.0

    /// Default receiver noise figure, 6 dB. [U] A typical figure for a CMOS UWB receiver; the DW1000 datasheet
    /// value was not available.
    public static let defaultNoiseFigure = PowerRatio(decibels: 6)

    /// Sensitivity at 110 kbps: ``DataRate/typicalSensitivity`` (−106 dBm) [U].
    public static let defaultSensitivity110k = DataRate.kbps110.typicalSensitivity
    /// Sensitivity at 850 kbps: ``DataRate/typicalSensitivity`` (−102 dBm) [U].
    public static let defaultSensitivity850k = DataRate.kbps850.typicalSensitivity
    /// Sensitivity at 6.8 Mbps: ``DataRate/typicalSensitivity`` (−93 dBm) [U].
    public static let defaultSensitivity6M8 = DataRate.mbps6_8.typicalSensitivity

    /// Frame success probability at exactly the sensitivity level: 0.9, i.e. the 10 % packet error rate the
    /// DW1000 datasheet uses for its range claim ("290 m @ 110 kbps 10% PER",
    /// `Docs/reference/uwb-physics.md` §1.3) [C].
    public static let successProbabilityAtSensitivity = 0.9

    /// Frame length the sensitivity refers to: 20 octets. [U] IEEE 802.15.4 defines receiver sensitivity with a
    /// 20-octet PSDU; the DW1000 datasheet test frame length was not checked.
    public static let referenceFrameLength = 20

    /// Width of the success-probability waterfall: 1 dB per e-fold of the odds. [U] Chosen so that the
    /// probability goes from 90 % at sensitivity to 10 % 4.4 dB below it, a typical coded-UWB waterfall;
    /// not fitted to DW1000 measurements.
    public static let defaultWaterfallWidth = PowerRatio(decibels: 1)

    /// Timing SNR (the integrated E/N₀ a carrier-phase estimate works with) at the sensitivity level: 6 dB. [D]
    /// `Docs/reference/uwb-physics.md` §3.5; above sensitivity it grows dB for dB with the margin.
    public static let defaultTimingSNRAtSensitivity = PowerRatio(decibels: 6)

    /// The default receiver for a channel bandwidth of 499.2 MHz.
    public static let standard = ReceiverModel(
        checkedBandwidth: Channel.five.bandwidth,
        noiseFigure: defaultNoiseFigure,
        sensitivities: (defaultSensitivity110k, defaultSensitivity850k, defaultSensitivity6M8),
        waterfallWidth: defaultWaterfallWidth,
        timingSNRAtSensitivity: defaultTimingSNRAtSensitivity)

    /// The noise bandwidth.
    public let bandwidth: Frequency
    /// The receiver noise figure.
    public let noiseFigure: PowerRatio
    /// The in-band noise power: −174 dBm/Hz + 10·log₁₀(B / 1 Hz) + NF. −81.0 dBm for 499.2 MHz and 6 dB [D].
    public let noiseFloor: PowerLevel
    /// The sensitivity at 110 kbps.
    public let sensitivity110k: PowerLevel
    /// The sensitivity at 850 kbps.
    public let sensitivity850k: PowerLevel
    /// The sensitivity at 6.8 Mbps.
    public let sensitivity6M8: PowerLevel
    /// The logistic scale of the success-probability curve.
    public let waterfallWidth: PowerRatio
    /// The timing SNR at the sensitivity level.
    public let timingSNRAtSensitivity: PowerRatio

    /// A receiver with explicit values.
    ///
    /// - Throws: ``ChannelModelError`` if a value is not finite, the bandwidth or waterfall width is not
    ///   positive.
    public init(
        bandwidth: Frequency,
        noiseFigure: PowerRatio = ReceiverModel.defaultNoiseFigure,
        sensitivity110k: PowerLevel = ReceiverModel.defaultSensitivity110k,
        sensitivity850k: PowerLevel = ReceiverModel.defaultSensitivity850k,
        sensitivity6M8: PowerLevel = ReceiverModel.defaultSensitivity6M8,
        waterfallWidth: PowerRatio = ReceiverModel.defaultWaterfallWidth,
        timingSNRAtSensitivity: PowerRatio = ReceiverModel.defaultTimingSNRAtSensitivity
    ) throws(ChannelModelError) {
        self.init(
            checkedBandwidth: Frequency(hertz: try ChannelModelError.positive(bandwidth.hertz, "bandwidth")),
            noiseFigure: PowerRatio(decibels: try ChannelModelError.finite(noiseFigure.decibels, "noiseFigureDB")),
            sensitivities: (
                PowerLevel(dBm: try ChannelModelError.finite(sensitivity110k.dBm, "sensitivity110kDBm")),
                PowerLevel(dBm: try ChannelModelError.finite(sensitivity850k.dBm, "sensitivity850kDBm")),
                PowerLevel(dBm: try ChannelModelError.finite(sensitivity6M8.dBm, "sensitivity6M8DBm"))),
            waterfallWidth: PowerRatio(
                decibels: try ChannelModelError.positive(waterfallWidth.decibels, "waterfallWidthDB")),
            timingSNRAtSensitivity: PowerRatio(
                decibels: try ChannelModelError.finite(timingSNRAtSensitivity.decibels, "timingSNRAtSensitivityDB")))
    }

    /// A receiver from checked values.
    private init(
        checkedBandwidth: Frequency,
        noiseFigure: PowerRatio,
        sensitivities: (PowerLevel, PowerLevel, PowerLevel),
        waterfallWidth: PowerRatio,
        timingSNRAtSensitivity: PowerRatio
    ) {
        bandwidth = checkedBandwidth
        self.noiseFigure = noiseFigure
        noiseFloor = PowerLevel(
            dBm: Self.thermalNoiseDensityDBmPerHertz + 10 * Foundation.log10(checkedBandwidth.hertz) + noiseFigure.decibels)
        (sensitivity110k, sensitivity850k, sensitivity6M8) = sensitivities
        self.waterfallWidth = waterfallWidth
        self.timingSNRAtSensitivity = timingSNRAtSensitivity
    }


    /// The weakest level at which frames at `dataRate` arrive with a 10 % packet error rate.
    public func sensitivity(for dataRate: DataRate) -> PowerLevel {
        switch dataRate {
        case .kbps110: sensitivity110k
        case .kbps850: sensitivity850k
        case .mbps6_8: sensitivity6M8
        }
    }

    /// The in-band signal-to-noise ratio before any despreading or integration: received level − noise floor.
    public func signalToNoiseRatio(receivedLevel: PowerLevel) -> PowerRatio {
        receivedLevel - noiseFloor
    }

    /// The probability that a frame of `frameLength` octets at `dataRate` is received without error.
    ///
    /// For the reference length of 20 octets it is a logistic curve in the margin m = level − sensitivity:
    /// P₂₀ = 1 / (1 + e^−(m − m₀)/w), with m₀ = −w·ln 9 so that P₂₀ = 0.9 at the sensitivity (w =
    /// ``waterfallWidth``). Other lengths assume independent octet errors: P = P₂₀^(L/20). Lengths below one
    /// octet count as one (the PHY header must still be received). Near 1 well above sensitivity, 0 well below,
    /// and never increasing as the level falls.
    public func frameSuccessProbability(receivedLevel: PowerLevel, dataRate: DataRate, frameLength: Int) -> Double {
        Self.frameSuccessProbability(
            reference: referenceSuccessProbability(receivedLevel: receivedLevel, dataRate: dataRate), frameLength: frameLength)
    }

    /// The probability that a frame of the reference length (20 octets) at `dataRate` is received
    /// without error: the logistic curve of ``frameSuccessProbability(receivedLevel:dataRate:frameLength:)``.
    public func referenceSuccessProbability(receivedLevel: PowerLevel, dataRate: DataRate) -> Double {
        let margin = receivedLevel.dBm - sensitivity(for: dataRate).dBm
        let odds = Self.successProbabilityAtSensitivity / (1 - Self.successProbabilityAtSensitivity)
        return 1 / (1 + Foundation.exp(-margin / waterfallWidth.decibels) / odds)
    }

    /// The success probability of a frame of `frameLength` octets whose 20-octet frames succeed
    /// with probability `reference`: reference^(L/20), lengths below one octet counting as one.
    public static func frameSuccessProbability(reference: Double, frameLength: Int) -> Double {
        let octets = Double(max(frameLength, 1))
        return Foundation.pow(reference, octets / Double(referenceFrameLength))
    }

    /// The timing SNR of a reception: ``timingSNRAtSensitivity`` plus the margin above the sensitivity at
    /// `dataRate`. Feed it to ``phaseStandardDeviation(snr:)``.
    public func timingSignalToNoiseRatio(receivedLevel: PowerLevel, dataRate: DataRate) -> PowerRatio {
        PowerRatio(decibels: timingSNRAtSensitivity.decibels + receivedLevel.dBm - sensitivity(for: dataRate).dBm)
    }

    /// The standard deviation of a carrier-phase estimate at `snr`: σ_φ = 1/√(2·SNR) radians, the high-SNR
    /// phase error of a carrier in white Gaussian noise. [U] Textbook result (e.g. Proakis, "Digital
    /// Communications", carrier-phase estimation); not checked against DW3000 PDoA measurements. Capped at π
    /// (no phase information).
    public func phaseStandardDeviation(snr: PowerRatio) -> Angle {
        let sigma = 1 / (2 * snr.linear).squareRoot()
        return Angle(radians: sigma.isFinite ? min(sigma, Double.pi) : Double.pi)
    }
}
