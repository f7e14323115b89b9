import Foundation
import UWBCore

/// Log-distance path loss with log-normal shadowing: PL(d) = PL₀ + 10·n·log₁₀(d / 1 m) + S, S ~ N(0, σ_S) dB
/// (IEEE 802.15.4a channel model final report, §III; see ``ChannelModelKind``).
///
/// Below 1 m the loss falls with the free-space slope (20 dB per decade) from PL₀, so the curve is continuous at
/// 1 m; distances below ``minimumDistance`` are treated as that distance, which keeps the loss finite when two
/// devices sit on top of each other.
public struct PathLossModel: Hashable, Sendable {
    /// The shortest distance the model evaluates: 1 cm. Closer devices are in each other's antenna near field,
    /// where no far-field formula holds; the value only keeps the result finite.
    public static let minimumDistance = Distance(metres: 0.01)

    /// The path-loss exponent n: the loss grows by 10·n dB per decade of distance beyond 1 m.
    public let exponent: Double
    /// PL₀, the mean loss at the 1 m reference distance.
    public let referenceLoss: PowerRatio
    /// σ_S, the standard deviation of the log-normal shadowing added to the mean loss.
    public let shadowingDeviation: PowerRatio

    /// A model with explicit parameters.
    ///
    /// - Throws: ``ChannelModelError`` if `exponent` is not finite or negative, `referenceLoss` is not finite,
    ///   or `shadowingDeviation` is not finite or negative.
    public init(exponent: Double, referenceLoss: PowerRatio, shadowingDeviation: PowerRatio) throws(ChannelModelError) {
        self.exponent = try ChannelModelError.nonNegative(exponent, "pathLossExponent")
        self.referenceLoss = PowerRatio(decibels: try ChannelModelError.finite(referenceLoss.decibels, "referenceLossDB"))
        self.shadowingDeviation = PowerRatio(
            decibels: try ChannelModelError.nonNegative(shadowingDeviation.decibels, "shadowingDB"))
    }

    /// The default model of an environment on a channel centred at `centreFrequency`.
    ///
    /// Free space uses exponent 2, the Friis loss at 1 m (``freeSpaceLoss(at:frequency:)``) and no shadowing.
    /// CM1–CM9 use the tabulated n, PL₀ and σ_S (sources on each constant in `IEEE802154aParameters`); their PL₀
    /// does not depend on `centreFrequency`.
    ///
    /// - Throws: ``ChannelModelError/notPositive(parameter:value:)`` if free space is asked for at a frequency that
    ///   is not positive.
    public init(kind: ChannelModelKind, centreFrequency: Frequency) throws(ChannelModelError) {
        guard let table = IEEE802154aParameters.largeScale(kind) else {
            let hertz = try ChannelModelError.positive(centreFrequency.hertz, "centreFrequency")
            exponent = 2
            referenceLoss = Self.freeSpaceLoss(at: Distance(metres: 1), frequency: Frequency(hertz: hertz))
            shadowingDeviation = PowerRatio(decibels: 0)
            return
        }
        exponent = table.exponent
        referenceLoss = PowerRatio(decibels: table.referenceLossDecibels)
        shadowingDeviation = PowerRatio(decibels: table.shadowingDecibels)
    }

    /// The free-space (Friis) loss between isotropic antennas, 20·log₁₀(4π·d·f / c)
    /// (Friis, Proc. IRE 34(5), 1946; `Docs/reference/uwb-physics.md` §1.3). 48.7 dB at 1 m and 6489.6 MHz.
    ///
    /// The caller passes a positive distance and frequency; other values give a non-finite result.
    public static func freeSpaceLoss(at distance: Distance, frequency: Frequency) -> PowerRatio {
        let ratio = 4 * Double.pi * distance.metres * frequency.hertz / PhysicalConstants.speedOfLight.metresPerSecond
        return PowerRatio(decibels: 20 * Foundation.log10(ratio))
    }

    /// How much more a path loses at `frequency` than at `reference`: the frequency term of the
    /// Friis equation, 20·log₁₀(f / f_ref) (`Docs/reference/uwb-physics.md` §1.3: 1.8 dB from
    /// channel 5 to channel 9). The medium adds it to a model made for one channel when a frame
    /// is sent on another; for CM1–CM4 that keeps their PL₀ and exponent and only moves the
    /// reference level, a simplification of the IEEE 802.15.4a model's own frequency dependence.
    public static func frequencyTerm(from reference: Frequency, to frequency: Frequency) -> PowerRatio {
        PowerRatio(decibels: 20 * Foundation.log10(frequency.hertz / reference.hertz))
    }

    /// The mean loss (no shadowing) at `distance`: PL₀ + 10·n·log₁₀(d) beyond 1 m, PL₀ + 20·log₁₀(d) below,
    /// with d at least ``minimumDistance``.
    public func meanLoss(at distance: Distance) -> PowerRatio {
        let metres = max(distance.metres, Self.minimumDistance.metres)
        let slope = metres >= 1 ? 10 * exponent : 20
        return PowerRatio(decibels: referenceLoss.decibels + slope * Foundation.log10(metres))
    }
}
