import Foundation
import UWBCore

/// The DW1000 user manual's received-power formulas (UM §4.7.1–4.7.2), in both directions: from
/// register values to levels (what the driver reports) and from levels to register values (what
/// the emulator writes so that the driver gets the simulated levels back).
///
/// RX level = 10·log10(C·2¹⁷ / N²) − A and first-path level = 10·log10((F1² + F2² + F3²) / N²) − A,
/// where C is CIR_PWR, F1–F3 the first-path amplitudes, N the corrected preamble count and
/// A = 113.77 dB at 16 MHz PRF or 121.74 dB at 64 MHz PRF.
public struct SignalPowerFormula: Hashable, Sendable {
    /// The configuration of the receiver (PRF selects A; SFD and rate select the N correction).
    public let configuration: RadioConfig

    /// The formula for a receiver in `configuration`.
    public init(configuration: RadioConfig) {
        self.configuration = configuration
    }

    /// RXPACC corrected for the SFD symbols it includes when it equals RXPACC_NOSAT
    /// (UM §7.2.40.12 and Table 18, p. 96: every adjustment subtracts; `Docs/reference/uwb-physics.md`
    /// §3.2), never below 1.
    public func correctedPreambleCount(accumulated: Int, unsaturated: Int) -> Int {
        guard accumulated == unsaturated else { return max(1, accumulated) }
        let adjustment = switch (configuration.startOfFrameDelimiter, configuration.dataRate) {
        case (.standard, .kbps110): -64
        case (.standard, _): -5
        case (.decawave, .kbps110): -82
        case (.decawave, .kbps850): -18
        case (.decawave, .mbps6_8): -10
        }
        return max(1, accumulated + adjustment)
    }

    /// The RX level for a CIR_PWR value and corrected preamble count.
    public func receivedLevel(impulseResponsePower: Int, preambleCount: Int) -> PowerLevel {
        let count = Double(max(1, preambleCount))
        return PowerLevel(dBm: 10 * log10(Double(max(1, impulseResponsePower)) * 131_072 / (count * count)) - correction)
    }

    /// The first-path level for the three first-path amplitudes and corrected preamble count.
    public func firstPathLevel(amplitudes: (Int, Int, Int), preambleCount: Int) -> PowerLevel {
        let count = Double(max(1, preambleCount))
        let (f1, f2, f3) = (Double(amplitudes.0), Double(amplitudes.1), Double(amplitudes.2))
        return PowerLevel(dBm: 10 * log10(max(1, f1 * f1 + f2 * f2 + f3 * f3) / (count * count)) - correction)
    }

    /// The CIR_PWR value that gives `level`, rounded and kept within the register's 16 bits.
    public func impulseResponsePower(for level: PowerLevel, preambleCount: Int) -> Int {
        let count = Double(max(1, preambleCount))
        let value = pow(10, (level.dBm + correction) / 10) * count * count / 131_072
        return Int(min(65_535, max(1, value.rounded())))
    }

    /// Equal first-path amplitudes F1 = F2 = F3 that give `level`, each kept within 16 bits.
    public func firstPathAmplitude(for level: PowerLevel, preambleCount: Int) -> Int {
        let count = Double(max(1, preambleCount))
        let total = pow(10, (level.dBm + correction) / 10) * count * count
        return Int(min(65_535, max(1, (total / 3).squareRoot().rounded())))
    }

    /// The constant A of the formulas: 113.77 dB at 16 MHz PRF, 121.74 dB at 64 MHz PRF.
    public var powerConstant: PowerRatio { Self.powerConstant(configuration.pulseRepetitionFrequency) }

    /// The constant A of the formulas at pulse repetition frequency `prf`.
    public static func powerConstant(_ prf: PulseRepetitionFrequency) -> PowerRatio {
        PowerRatio(decibels: DW1000Constants.powerCorrection(prf))
    }

    /// The constant A in dB.
    private var correction: Double {
        DW1000Constants.powerCorrection(configuration.pulseRepetitionFrequency)
    }
}
