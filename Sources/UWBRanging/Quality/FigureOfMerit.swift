import Foundation
import UWBCore

/// A single 0...1 score of how much to trust one ranging measurement (1 = best).
///
/// The score is a product of independent factors, so any one bad sign pulls it down:
///
///     fom = signal × (1 − nlos) × agreement × retryFactor^retries
///
/// - signal = clamp((RX − sensitivity) / ``fullQualityMargin``, 0, 1): timing noise falls as the level
///   rises above sensitivity;
/// - 1 − nlos: ``NLOSLikelihood`` (a blocked direct path adds a positive, unmodelled delay);
/// - agreement = 1 / (1 + (d / ``disagreementScale``)²) for the disagreement d between the two sides'
///   results (or between retries), 1 when unknown;
/// - ``retryFactor`` for each retry the round needed.
public enum FigureOfMerit {
    /// Receiver sensitivity assumed when the caller has none: the DW1000's at 6.8 Mbps
    /// (``DataRate/typicalSensitivity``, −93 dBm), also the weakest level of the APS011 range-bias tables.
    public static let referenceSensitivity = DataRate.mbps6_8.typicalSensitivity
    /// The margin above sensitivity that earns a full signal factor: 20 dB. Timing noise scales as
    /// 1/√SNR, so 20 dB above sensitivity it is a tenth of its value there (≈ 12 cm → 1.2 cm), below the
    /// 2–5 cm leading-edge floor of real receivers (`Docs/reference/uwb-physics.md` §3.5); more margin buys nothing.
    public static let fullQualityMargin = PowerRatio(decibels: 20)
    /// The disagreement that halves the score: 10 cm, the DW1000's specified ranging precision. Two
    /// results further apart than that cannot both be right.
    public static let disagreementScale = Distance.centimetres(10)
    /// The factor applied per retry: 0.9. A retry means a frame was lost — a sign of a link near
    /// sensitivity or of interference — but the round that succeeded still has exact timestamps, so the
    /// penalty is mild.
    public static let retryFactor = 0.9

    /// The figure of merit in 0...1 (formula in the type's documentation).
    ///
    /// - Parameters:
    ///   - receivedLevel: the total received level of the reception (``ReceptionDiagnostics/receivedLevel``).
    ///   - sensitivity: the receiver's sensitivity at the data rate in use.
    ///   - nlosLikelihood: ``NLOSLikelihood/fromLevels(receivedLevel:firstPathLevel:)``, clamped to 0...1.
    ///   - disagreement: how far apart the two sides' (or two attempts') distances are, if known.
    ///   - retries: how many retries the round needed; negative counts as none.
    /// Inputs that are not finite give 0.
    public static func score(
        receivedLevel: PowerLevel, sensitivity: PowerLevel = referenceSensitivity, nlosLikelihood: Double,
        disagreement: Distance? = nil, retries: Int = 0
    ) -> Double {
        let margin = receivedLevel.dBm - sensitivity.dBm
        let spread = disagreement?.metres ?? 0
        guard margin.isFinite, nlosLikelihood.isFinite, spread.isFinite else { return 0 }
        let signal = min(max(margin / fullQualityMargin.decibels, 0), 1)
        let lineOfSight = 1 - min(max(nlosLikelihood, 0), 1)
        let relative = spread / disagreementScale.metres
        let agreement = 1 / (1 + relative * relative)
        let retryPenalty = pow(retryFactor, Double(max(retries, 0)))
        return signal * lineOfSight * agreement * retryPenalty
    }
}
