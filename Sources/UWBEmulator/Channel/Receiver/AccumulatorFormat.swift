import DW1000Driver
import DW3000Driver
import Foundation
import UWBCore

/// What a chip family's preamble accumulator is like: how far apart its taps are and how many it has, the
/// largest value a tap may reach, and the constants that turn its contents into the levels the user
/// manual's formulas give (`Docs/reference/channel-and-receiver.md` §2–§3).
public struct AccumulatorFormat: Hashable, Sendable {
    /// The time between taps: half a period of 499.2 MHz, 64 device ticks, 1.0016 ns (DW1000 UM §7.2.38;
    /// the DW3000's CIR has the same spacing).
    public static let tapSpacing = 64 / DeviceClock.ticksPerSecond

    /// How many taps hold the channel: 1016 at 64 MHz PRF, 992 at 16 MHz.
    public let sampleCount: Int
    /// The largest value a tap's real or imaginary part may reach: accumulation stops when a tap would
    /// grow past it (DW1000: 2¹⁴, ``ReceiverCalibration/dw1000ComponentLimit``; the DW3000's 18-bit CIR:
    /// 2¹⁶ by the same margin [U]).
    public let componentLimit: Double
    /// The constant A of the level formulas, in dB.
    public let powerConstant: Double
    /// The factor by which the received-level formula scales the channel power register: 2¹⁷ on the DW1000,
    /// 2²¹ on the DW3000 (UM §4.7.2).
    public let impulsePowerScale: Double
    /// The tap at which the direct path of a frame arrives when its RMARKER falls on the tap grid: 745
    /// [D: the middle of the DW1000's first-path indices in measured accumulators, 740–750;
    /// `Docs/reference/measured-channels.md`].
    public let firstPathBase: Double

    /// The received level the user manual's formula gives for the channel power `channelPower` (CIR_PWR before
    /// the register's width) after `symbols` accumulated: 10·log₁₀(C·scale/N²) − A (DW1000 UM §4.7.2).
    public func receivedLevel(channelPower: Double, symbols: Int) -> PowerLevel {
        let count = Double(max(1, symbols))
        return PowerLevel(dBm: 10 * Foundation.log10(max(channelPower * impulsePowerScale / (count * count), 1e-30)) - powerConstant)
    }

    /// The first-path level the user manual's formula gives for the magnitudes F1–F3 of the three taps after
    /// the first path's, after `symbols` accumulated: 10·log₁₀((F1² + F2² + F3²)/N²) − A (DW1000 UM §4.7.1).
    public func firstPathLevel(amplitudes: (Double, Double, Double), symbols: Int) -> PowerLevel {
        let count = Double(max(1, symbols))
        let (f1, f2, f3) = amplitudes
        return PowerLevel(dBm: 10 * Foundation.log10(max((f1 * f1 + f2 * f2 + f3 * f3) / (count * count), 1e-30)) - powerConstant)
    }

    /// The preamble accumulator of a chip of `family` at pulse repetition frequency `prf`.
    public static func preamble(of family: ChipFamily, _ prf: PulseRepetitionFrequency) -> AccumulatorFormat {
        switch family {
        case .dw1000: dw1000(prf)
        case .dw3000: dw3000(prf)
        }
    }

    /// The DW1000's accumulator for frames in `configuration`.
    public static func dw1000(_ configuration: RadioConfig) -> AccumulatorFormat {
        dw1000(configuration.pulseRepetitionFrequency)
    }

    /// The DW1000's accumulator at pulse repetition frequency `prf`.
    public static func dw1000(_ prf: PulseRepetitionFrequency) -> AccumulatorFormat {
        AccumulatorFormat(
            sampleCount: DW1000.accumulatorLength(prf), componentLimit: ReceiverCalibration.dw1000ComponentLimit,
            powerConstant: SignalPowerFormula.powerConstant(prf).decibels, impulsePowerScale: 131_072, firstPathBase: 745)
    }

    /// The DW3000's Ipatov or STS accumulator for frames in `configuration`.
    public static func dw3000(_ configuration: RadioConfig) -> AccumulatorFormat {
        dw3000(configuration.pulseRepetitionFrequency)
    }

    /// The DW3000's Ipatov or STS accumulator at pulse repetition frequency `prf` (the Ipatov one's length) [U: the 18-bit limit and the
    /// DW1000's noise and first-path place are assumed; Qorvo publishes no measured DW3000 accumulator
    /// statistics].
    public static func dw3000(_ prf: PulseRepetitionFrequency) -> AccumulatorFormat {
        AccumulatorFormat(
            sampleCount: DW3000Constants.accumulatorSamples(.preamble, prf: prf), componentLimit: 65_536, powerConstant: DW3000Constants.powerCorrection(prf),
            impulsePowerScale: DW3000Constants.channelAreaScale, firstPathBase: 745)
    }
}
