/// The parameters of the IEEE 802.15.4a UWB channel models CM1–CM9, large scale (path loss, d₀ = 1 m) and
/// small scale (the Saleh–Valenzuela multipath profile), in one place.
///
/// Model: PL(d) = PL₀ + 10·n·log₁₀(d/d₀) + S, S ~ N(0, σ_S) dB, and clusters of rays with Nakagami-faded
/// amplitudes (Molisch et al., "IEEE 802.15.4a channel model – final report", IEEE 802.15-04-0662-02-004a,
/// 2004/2005; journal version: Molisch et al., "A Comprehensive Standardized Model for Ultrawideband
/// Propagation Channels", IEEE Trans. Antennas Propag. 54(11), 2006, Table I). Numbering as in the report's
/// code: CM5/CM6 outdoor, CM7/CM8 industrial, CM9 open outdoor (farm).
///
/// The report's own table was not read directly. Values come from public transcriptions of it, compared in
/// `Docs/reference/channel-and-receiver.md` §1: the MATLAB parameter file shipped with the report
/// (`uwb_sv_params_15_4a.m`, Sun Xu, Kim Chee Wee, B. Kannan, F. Chin, 2004, as in
/// `mtudaya/ProjectP:SV2/uwb_sv_params_15_4a.m@51b5b66`; all small-scale values, and σ_S as `std_shdw`),
/// MiXiM's `UWBIRIEEE802154APathlossModel.cc` (`omnetpp-models/mixim@3004b68`; PL₀ as a linear gain and n)
/// and MathWorks' `uwbChannelConfig.m` (industrial path loss). Where they disagree the value is marked [U].
/// PL₀ is used as tabulated, without the model's frequency-dependence factor κ.
enum IEEE802154aParameters {
    /// n, PL₀ (dB at 1 m) and σ_S (dB) of an environment.
    struct LargeScale {
        let exponent: Double
        let referenceLossDecibels: Double
        let shadowingDecibels: Double
    }

    /// The large-scale parameters of `kind` (nil for free space).
    ///
    /// - CM1: n 1.79, PL₀ 43.9 [C MiXiM gain 0.000040738], σ_S 2.22 [C `std_shdw`].
    /// - CM2: n 4.58, PL₀ 48.7 [C MiXiM gain 0.00001349], σ_S 3.51 [C].
    /// - CM3: n 1.63, PL₀ 36.6 [U: MiXiM 0.000218776; the PULSE table and MathWorks 35.4], σ_S 1.9 [C].
    /// - CM4: n 3.07, PL₀ 51.4 [U: MiXiM 0.000007244; PULSE 47.1, MathWorks 57.9], σ_S 3.9 [C].
    /// - CM5/CM6: n 1.76 / 2.5, PL₀ 43.3 / 43.3, σ_S 0.83 / 2 [C MiXiM; CM6's PL₀ is CM5's copied, U].
    /// - CM7/CM8: n 1.2 / 2.15, PL₀ 56.7 / 56.7, σ_S 6 / 6 [C MathWorks].
    /// - CM9: n 1.58, PL₀ 48.96, σ_S 3.96 [C MiXiM, which numbers it CM7].
    static func largeScale(_ kind: ChannelModelKind) -> LargeScale? {
        switch kind {
        case .freeSpace: nil
        case .cm1: LargeScale(exponent: 1.79, referenceLossDecibels: 43.9, shadowingDecibels: 2.22)
        case .cm2: LargeScale(exponent: 4.58, referenceLossDecibels: 48.7, shadowingDecibels: 3.51)
        case .cm3: LargeScale(exponent: 1.63, referenceLossDecibels: 36.6, shadowingDecibels: 1.9)
        case .cm4: LargeScale(exponent: 3.07, referenceLossDecibels: 51.4, shadowingDecibels: 3.9)
        case .cm5: LargeScale(exponent: 1.76, referenceLossDecibels: 43.3, shadowingDecibels: 0.83)
        case .cm6: LargeScale(exponent: 2.5, referenceLossDecibels: 43.3, shadowingDecibels: 2)
        case .cm7: LargeScale(exponent: 1.2, referenceLossDecibels: 56.7, shadowingDecibels: 6)
        case .cm8: LargeScale(exponent: 2.15, referenceLossDecibels: 56.7, shadowingDecibels: 6)
        case .cm9: LargeScale(exponent: 1.58, referenceLossDecibels: 48.96, shadowingDecibels: 3.96)
        }
    }

    /// The multipath profile of `kind` (nil for free space), from `uwb_sv_params_15_4a.m` [C] unless marked.
    ///
    /// Rates per ns, times in ns, as the file gives them: L̄, Λ, λ₁, λ₂, β (the chance that a ray gap comes
    /// from λ₁), Γ, γ₀, k_γ, σ_cluster (dB), m₀, m̂₀, m̃₀ and its mode, and the soft onset (γ_rise, γ₁, χ) of
    /// the office and industrial NLOS models. σ_cluster 3 dB in CM3–CM6 and CM9, and CM3/CM5's m̃₀, are
    /// marked "assumption" in the file [U]. CM7 and CM8 are tapped delay lines (a ray every sample): here a
    /// ray every quarter nanosecond, finer than a 499.2 MHz channel resolves [D].
    static func multipath(_ kind: ChannelModelKind) -> MultipathProfile? {
        switch kind {
        case .freeSpace:
            return nil
        case .cm1:
            return MultipathProfile(
                onset: .direct, meanClusters: 3, clusterRate: 0.047, rays: .mixed(first: 1.54, second: 0.15, firstShare: 0.095),
                clusterDecay: 22.61, rayDecay: 12.53, rayDecaySlope: 0, clusterDeviationDecibels: 2.75,
                nakagami: .init(mean: 0.67, deviation: 0.28), firstRay: nil)
        case .cm2:
            return MultipathProfile(
                onset: .late, meanClusters: 3.5, clusterRate: 0.12, rays: .mixed(first: 1.77, second: 0.15, firstShare: 0.045),
                clusterDecay: 26.27, rayDecay: 17.50, rayDecaySlope: 0, clusterDeviationDecibels: 2.93,
                nakagami: .init(mean: 0.69, deviation: 0.32), firstRay: nil)
        case .cm3:
            return MultipathProfile(
                onset: .direct, meanClusters: 5.4, clusterRate: 0.016, rays: .mixed(first: 0.19, second: 2.97, firstShare: 0.0184),
                clusterDecay: 14.6, rayDecay: 6.4, rayDecaySlope: 0, clusterDeviationDecibels: 3,
                nakagami: .init(mean: 0.42, deviation: 0.31), firstRay: .init(m: 3, everyCluster: false))
        case .cm4:
            return MultipathProfile(
                onset: .soft(rise: 15.21, decay: 11.84, depth: 0.78), meanClusters: 3.1, clusterRate: 0.19,
                rays: .mixed(first: 0.11, second: 2.09, firstShare: 0.0096),
                clusterDecay: 19.8, rayDecay: 11.2, rayDecaySlope: 0, clusterDeviationDecibels: 3,
                nakagami: .init(mean: 0.50, deviation: 0.25), firstRay: nil)
        case .cm5:
            return MultipathProfile(
                onset: .direct, meanClusters: 13.6, clusterRate: 0.0448, rays: .mixed(first: 0.13, second: 2.41, firstShare: 0.0078),
                clusterDecay: 31.7, rayDecay: 3.7, rayDecaySlope: 0, clusterDeviationDecibels: 3,
                nakagami: .init(mean: 0.77, deviation: 0.78), firstRay: .init(m: 3, everyCluster: false))
        case .cm6:
            return MultipathProfile(
                onset: .late, meanClusters: 10.5, clusterRate: 0.0243, rays: .mixed(first: 0.15, second: 1.13, firstShare: 0.062),
                clusterDecay: 104.7, rayDecay: 9.3, rayDecaySlope: 0, clusterDeviationDecibels: 3,
                nakagami: .init(mean: 0.56, deviation: 0.25), firstRay: nil)
        case .cm7:
            return MultipathProfile(
                onset: .direct, meanClusters: 4.75, clusterRate: 0.0709, rays: .tappedDelayLine,
                clusterDecay: 3.1, rayDecay: 0.15, rayDecaySlope: 0.21, clusterDeviationDecibels: 4.32,
                nakagami: .init(mean: 0.36, deviation: 1.13), firstRay: .init(m: 12.99, everyCluster: true))
        case .cm8:
            return MultipathProfile(
                onset: .soft(rise: 4, decay: 19.7, depth: 0.99), meanClusters: 1, clusterRate: 0.089, rays: .tappedDelayLine,
                clusterDecay: 5.83, rayDecay: 0.3, rayDecaySlope: 0.44, clusterDeviationDecibels: 2.88,
                nakagami: .init(mean: 0.30, deviation: 1.15), firstRay: nil)
        case .cm9:
            return MultipathProfile(
                onset: .late, meanClusters: 3.31, clusterRate: 0.0305, rays: .mixed(first: 0.0225, second: 0.0225, firstShare: 0),
                clusterDecay: 56, rayDecay: 0.92, rayDecaySlope: 0, clusterDeviationDecibels: 3,
                nakagami: .init(mean: 4.1, deviation: 2.5), firstRay: nil)
        }
    }
}
