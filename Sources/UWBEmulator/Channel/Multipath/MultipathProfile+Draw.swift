import Foundation
import UWBCore

extension MultipathProfile {
    /// One realisation of the profile's structure: the rays' delays after the direct path's light time,
    /// mean powers (adding up to 1) and m factors, sorted by delay, drawn as the IEEE 802.15.4a reference
    /// code draws them (`Docs/reference/channel-and-receiver.md` §1.3):
    /// - L = max(1, Poisson(L̄)) clusters (one for a soft-onset tapped delay line); T₁ = 0, or
    ///   exponential with Λ for a late onset; later clusters follow at exponential gaps with Λ;
    /// - cluster power e^(−T_l/Γ) with lognormal spread σ_cluster; rays within a cluster at exponential
    ///   gaps (λ₁ with probability β, λ₂ otherwise) or every tapped-delay-line step while τ < 10·γ_l,
    ///   γ_l = k_γ·T_l + γ₀;
    /// - ray mean power (P_l/γ_l)·e^(−τ/γ_l), or, in the first cluster of a soft onset,
    ///   P_l·(1 − χ·e^(−τ/γ_rise))·e^(−τ/γ₁)·(γ₁ + γ_rise)/(γ₁·(γ₁ + γ_rise·(1 − χ)));
    /// - ln m ~ N(m₀, m̂₀), m̃₀ for the first ray where the model fixes it, m kept within ``nakagamiRange``.
    ///
    /// Rays beyond ``longestDelay`` or more than ``weakestRay`` below the strongest are dropped before the
    /// powers are normalised.
    public func draw(random: inout SeededRandom) -> [MultipathRay] {
        var drawn: [MultipathRay] = []
        let tapped = rays == .tappedDelayLine
        var clusterCount = max(1, random.poisson(mean: meanClusters))
        if case .soft = onset, tapped { clusterCount = 1 }
        var clusterStart = 0.0
        if case .late = onset { clusterStart = random.exponential(mean: 1 / clusterRate) }
        for cluster in 0..<clusterCount {
            if cluster > 0 { clusterStart += random.exponential(mean: 1 / clusterRate) }
            guard clusterStart < Self.longestDelay else { break }
            let shadow = random.normal(mean: 0, standardDeviation: clusterDeviationDecibels)
            let clusterPower = Foundation.exp(-clusterStart / clusterDecay) * Foundation.pow(10, shadow / 10)
            let decay = rayDecaySlope * clusterStart + rayDecay
            var offset = 0.0
            var first = true
            while offset < 10 * decay, clusterStart + offset < Self.longestDelay {
                let power: Double
                if cluster == 0, case .soft(let rise, let softDecay, let depth) = onset {
                    let shape = (1 - depth * Foundation.exp(-offset / rise)) * Foundation.exp(-offset / softDecay)
                    power = clusterPower * shape * (softDecay + rise) / (softDecay * (softDecay + rise * (1 - depth)))
                } else {
                    power = clusterPower / decay * Foundation.exp(-offset / decay)
                }
                var m = Foundation.exp(random.normal(mean: nakagami.mean, standardDeviation: nakagami.deviation))
                if first, let fixed = firstRay, fixed.everyCluster || cluster == 0 { m = fixed.m }
                let direct = first && cluster == 0 && onset != .late
                drawn.append(MultipathRay(
                    delay: clusterStart + offset, meanPower: power,
                    nakagami: min(max(m, Self.nakagamiRange.lowerBound), Self.nakagamiRange.upperBound), cluster: cluster,
                    isDirect: direct))
                first = false
                offset += nextGap(random: &random)
            }
        }
        let strongest = drawn.map(\.meanPower).max() ?? 0
        let floor = strongest * Foundation.pow(10, -Self.weakestRay.decibels / 10)
        drawn.removeAll { $0.meanPower < floor && !$0.isDirect }
        let total = drawn.reduce(0) { $0 + $1.meanPower }
        if total > 0 {
            for index in drawn.indices { drawn[index].meanPower /= total }
        }
        drawn.sort { $0.delay < $1.delay }
        return drawn
    }

    /// The gap to the next ray within a cluster, in ns.
    private func nextGap(random: inout SeededRandom) -> Double {
        switch rays {
        case .mixed(let first, let second, let share):
            random.unitInterval() < share ? random.exponential(mean: 1 / first) : random.exponential(mean: 1 / second)
        case .tappedDelayLine:
            Self.tappedDelayLineStep
        }
    }
}
