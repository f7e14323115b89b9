import UWBCore

/// How likely a reception travelled without a direct line of sight, from how much weaker the first path
/// is than the whole received signal (DW1000 User Manual §4.7; mynewt `dw1000_estimate_los`; physics
/// reference §3.3).
public enum NLOSLikelihood {
    /// Below this gap between the received level and the first-path level, the direct path dominates:
    /// likelihood 0 (UM §4.7: "< 6 dB … likely LOS").
    public static let lineOfSightGap = PowerRatio(decibels: 6)
    /// Above this gap, the direct path is blocked or much weaker than reflections: likelihood 1
    /// (UM §4.7: "> 10 dB … likely NLOS").
    public static let blockedGap = PowerRatio(decibels: 10)

    /// The likelihood in 0...1: 0 when RX − FP ≤ 6 dB, 1 when RX − FP ≥ 10 dB, linear in between
    /// (0.5 at 8 dB).
    ///
    /// A first path reported stronger than the total (negative gap, a rounding artefact) counts as line of
    /// sight. Levels that are not finite give 1: without evidence of a direct path, the measurement is
    /// treated as the least trustworthy kind.
    public static func fromLevels(receivedLevel: PowerLevel, firstPathLevel: PowerLevel) -> Double {
        let gap = receivedLevel.dBm - firstPathLevel.dBm
        guard gap.isFinite else { return 1 }
        let fraction = (gap - lineOfSightGap.decibels) / (blockedGap.decibels - lineOfSightGap.decibels)
        return min(max(fraction, 0), 1)
    }
}
