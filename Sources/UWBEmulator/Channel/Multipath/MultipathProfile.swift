import Foundation
import UWBCore

/// The small-scale part of an IEEE 802.15.4a channel model: clusters of rays in the Saleh–Valenzuela form,
/// their power-delay profile and their Nakagami fading (`Docs/reference/channel-and-receiver.md` §1;
/// values per environment in ``ChannelModelKind/multipath``).
///
/// Times are in nanoseconds and rates per nanosecond, as the model's tables give them.
public struct MultipathProfile: Hashable, Sendable {
    /// Where the first cluster starts.
    public enum Onset: Hashable, Sendable {
        /// At the direct path (line-of-sight models: T₁ = 0).
        case direct
        /// After an exponential delay with the cluster rate Λ (the residential, outdoor and open-outdoor
        /// NLOS models), counted from the direct path's light time.
        case late
        /// At the direct path with a soft onset, P(τ) ∝ (1 − χ·e^(−τ/γ_rise))·e^(−τ/γ₁) (the office and
        /// industrial NLOS models): `rise` γ_rise and `decay` γ₁ in ns, `depth` χ.
        case soft(rise: Double, decay: Double, depth: Double)
    }

    /// How rays follow one another within a cluster.
    public enum RayArrivals: Hashable, Sendable {
        /// Exponential gaps with rate `first` (per ns) with probability `firstShare`, `second` otherwise.
        case mixed(first: Double, second: Double, firstShare: Double)
        /// A ray at every step of ``MultipathProfile/tappedDelayLineStep`` (the industrial models).
        case tappedDelayLine
    }

    /// The lognormal law of the Nakagami m factor: ln m ~ N(`mean`, `deviation`).
    public struct NakagamiLaw: Hashable, Sendable {
        /// m₀: the mean of ln m.
        public let mean: Double
        /// m̂₀: the standard deviation of ln m.
        public let deviation: Double
    }

    /// A fixed m factor for the first ray of the first cluster or of every cluster.
    public struct FirstRayFading: Hashable, Sendable {
        /// m̃₀.
        public let m: Double
        /// Whether it applies to the first ray of every cluster (industrial LOS) or of the first only.
        public let everyCluster: Bool
    }

    /// The first cluster's start.
    public let onset: Onset
    /// L̄: the mean number of clusters (Poisson, at least one).
    public let meanClusters: Double
    /// Λ: the cluster arrival rate, per ns.
    public let clusterRate: Double
    /// The ray arrivals within a cluster.
    public let rays: RayArrivals
    /// Γ: the decay of cluster power with cluster delay, in ns.
    public let clusterDecay: Double
    /// γ₀: the decay of ray power within the first cluster, in ns.
    public let rayDecay: Double
    /// k_γ: how much longer later clusters decay, γ_l = k_γ·T_l + γ₀.
    public let rayDecaySlope: Double
    /// σ_cluster: the lognormal spread of cluster powers, in dB.
    public let clusterDeviationDecibels: Double
    /// The law of the rays' m factors.
    public let nakagami: NakagamiLaw
    /// The first ray's fixed m factor, if the model has one.
    public let firstRay: FirstRayFading?

    /// The ray spacing of a tapped delay line: 0.25 ns [D: finer than a 499.2 MHz channel resolves].
    public static let tappedDelayLineStep = 0.25
    /// The smallest and largest m factor drawn: m ≥ ½ by the Nakagami law's definition; above 20 an amplitude
    /// hardly fades, and CM9's law (ln m ~ N(4.1, 2.5)) would otherwise give absurd values [D].
    public static let nakagamiRange = 0.5...20.0
    /// Rays later than this after the direct path are not drawn: the DW1000's accumulator spans one preamble
    /// symbol, 1016 taps of 1.0016 ns (`Docs/reference/channel-and-receiver.md` §2.1).
    public static let longestDelay = 1017.0
    /// Rays more than this far below the strongest are not kept: far under any accumulator's noise [D: the
    /// accumulator's peak stands at most about 45 dB above its noise].
    public static let weakestRay = PowerRatio(decibels: 50)

    /// The mean gap between rays within a cluster, in ns.
    public var meanRayGap: Double {
        switch rays {
        case .mixed(let first, let second, let share): share / first + (1 - share) / second
        case .tappedDelayLine: Self.tappedDelayLineStep
        }
    }
}
