import Foundation
import Testing
import UWBCore
@testable import UWBEmulator

/// Realisations of the IEEE 802.15.4a multipath structure against the model's own parameters, over many
/// draws: cluster count and arrival rate, ray arrival rate, the decays of the power-delay profile, the soft
/// onset, and the Nakagami m of the rays' fading at many positions.
@Suite("802.15.4a multipath: realisations against the model's parameters")
struct MultipathProfileTests {
    /// A profile with the given parameters and long decays unless told otherwise.
    static func profile(
        onset: MultipathProfile.Onset = .direct, clusters: Double = 1, clusterRate: Double = 0.05,
        rays: MultipathProfile.RayArrivals = .mixed(first: 1.54, second: 0.15, firstShare: 0.095),
        clusterDecay: Double = 100, rayDecay: Double = 12.53, nakagami: Double = 0.67, spread: Double = 0.28
    ) -> MultipathProfile {
        MultipathProfile(
            onset: onset, meanClusters: clusters, clusterRate: clusterRate, rays: rays, clusterDecay: clusterDecay,
            rayDecay: rayDecay, rayDecaySlope: 0, clusterDeviationDecibels: 0,
            nakagami: .init(mean: nakagami, deviation: spread), firstRay: nil)
    }

    static func draws(_ profile: MultipathProfile, count: Int, seed: UInt64 = 1) -> [[MultipathRay]] {
        var random = SeededRandom(seed: seed)
        return (0..<count).map { _ in profile.draw(random: &random) }
    }

    @Test("the mean cluster count is L̄ (Poisson, at least one: L̄ + e^−L̄)")
    func clusterCount() {
        let draws = Self.draws(Self.profile(clusters: 4), count: 4000)
        let mean = Double(draws.map { ($0.map(\.cluster).max() ?? 0) + 1 }.reduce(0, +)) / 4000
        // Standard error √4/√4000 = 0.032; four of them.
        #expect(abs(mean - (4 + exp(-4))) < 0.13, "mean \(mean)")
    }

    @Test("clusters arrive at rate Λ: the mean gap between their first rays is 1/Λ")
    func clusterArrivals() {
        var gaps: [Double] = []
        for rays in Self.draws(Self.profile(clusters: 5, clusterRate: 0.05), count: 3000) {
            let starts = Dictionary(grouping: rays, by: \.cluster).values.map { $0.map(\.delay).min() ?? 0 }.sorted()
            gaps += zip(starts.dropFirst(), starts).map { $0 - $1 }
        }
        let mean = gaps.reduce(0, +) / Double(gaps.count)
        // Exponential gaps of mean 20 ns: standard error 20/√n.
        #expect(abs(mean - 20) < 4 * 20 / Double(gaps.count).squareRoot(), "mean \(mean) ns over \(gaps.count)")
    }

    @Test("rays arrive as the mixture says: mean gap β/λ₁ + (1 − β)/λ₂", arguments: [
        (1.54, 0.15, 0.095, 6.0950),   // CM1: 0.095/1.54 + 0.905/0.15
        (0.19, 2.97, 0.0184, 0.4273),  // CM3: 0.0184/0.19 + 0.9816/2.97
    ])
    func rayArrivals(first: Double, second: Double, share: Double, expected: Double) {
        let profile = Self.profile(rays: .mixed(first: first, second: second, firstShare: share), rayDecay: 200)
        #expect(abs(profile.meanRayGap - expected) < 1e-3)
        var gaps: [Double] = []
        for rays in Self.draws(profile, count: 400) {
            let delays = rays.filter { $0.cluster == 0 }.map(\.delay).sorted()
            gaps += zip(delays.dropFirst(), delays).map { $0 - $1 }
        }
        let mean = gaps.reduce(0, +) / Double(gaps.count)
        #expect(abs(mean - expected) / expected < 0.04, "mean gap \(mean) ns over \(gaps.count)")
    }

    @Test("within a cluster the mean power falls as e^(−τ/γ): two decays down after 2γ")
    func rayDecay() {
        let gamma = 10.0
        var early = 0.0
        var late = 0.0
        for rays in Self.draws(Self.profile(rays: .mixed(first: 2, second: 2, firstShare: 0), rayDecay: gamma), count: 3000) {
            for ray in rays where ray.cluster == 0 {
                if ray.delay < 5 { early += ray.meanPower } else if ray.delay >= 20, ray.delay < 25 { late += ray.meanPower }
            }
        }
        // ∫₀⁵ e^(−τ/10) dτ / ∫₂₀²⁵ e^(−τ/10) dτ = e² = 7.389.
        #expect(abs(log(early / late) - 2) < 0.12, "ln ratio \(log(early / late))")
    }

    @Test("cluster power falls as e^(−T/Γ) with the cluster's arrival")
    func clusterDecay() {
        var points: [(Double, Double)] = []
        for rays in Self.draws(Self.profile(clusters: 6, clusterRate: 0.02, clusterDecay: 30, rayDecay: 2), count: 3000) {
            for (_, members) in Dictionary(grouping: rays, by: \.cluster) {
                let start = members.map(\.delay).min() ?? 0
                points.append((start, log(members.reduce(0) { $0 + $1.meanPower })))
            }
        }
        // Least-squares slope of ln(cluster power) on arrival: −1/Γ (each realisation's normalisation only
        // shifts its clusters together, which the regression on all of them averages out).
        let n = Double(points.count)
        let mx = points.reduce(0) { $0 + $1.0 } / n
        let my = points.reduce(0) { $0 + $1.1 } / n
        let slope = points.reduce(0) { $0 + ($1.0 - mx) * ($1.1 - my) } / points.reduce(0) { $0 + ($1.0 - mx) * ($1.0 - mx) }
        #expect(abs(-1 / slope - 30) / 30 < 0.1, "Γ \(-1 / slope) ns")
    }

    @Test("a soft onset starts at 1 − χ of its curve (CM4's χ = 0.78) and rises over γ_rise")
    func softOnset() {
        let (rise, decay, depth) = (15.21, 11.84, 0.78)
        let profile = Self.profile(onset: .soft(rise: rise, decay: decay, depth: depth), rays: .mixed(first: 2.09, second: 2.09, firstShare: 0))
        var first = 0.0
        var later = 0.0
        for rays in Self.draws(profile, count: 3000) {
            for ray in rays where ray.cluster == 0 {
                if ray.delay < 2 { first += ray.meanPower } else if ray.delay >= 10, ray.delay < 12 { later += ray.meanPower }
            }
        }
        func shape(_ tau: Double) -> Double { (1 - depth * exp(-tau / rise)) * exp(-tau / decay) }
        // The expected ratio of the two bins' power: rays at 2.09 per ns in each (midpoint rule over 0.1 ns
        // steps), and in the first bin the cluster's first ray at 0 besides.
        let rate = 2.09
        let expected = (shape(0) + rate * 0.1 * stride(from: 0.05, to: 2, by: 0.1).map(shape).reduce(0, +))
            / (rate * 0.1 * stride(from: 10.05, to: 12, by: 0.1).map(shape).reduce(0, +))
        #expect(abs(first / later - expected) / expected < 0.1, "ratio \(first / later), model \(expected)")
    }

    @Test("every named environment draws a structure whose powers add up to 1, sorted by delay, within the accumulator's span")
    func environments() {
        for kind in ChannelModelKind.allCases {
            guard let profile = kind.multipath else { continue }
            for rays in Self.draws(profile, count: 50) {
                #expect(abs(rays.reduce(0) { $0 + $1.meanPower } - 1) < 1e-9, "\(kind)")
                #expect(zip(rays.dropFirst(), rays).allSatisfy { $0.delay >= $1.delay }, "\(kind)")
                #expect(rays.allSatisfy { $0.delay < MultipathProfile.longestDelay && $0.delay >= 0 }, "\(kind)")
                #expect(rays.allSatisfy { MultipathProfile.nakagamiRange.contains($0.nakagami) }, "\(kind)")
            }
        }
    }

    @Test("a ray's power over many positions has the Nakagami m it was drawn with: variance 1/m about its mean", arguments: [1.0, 2.0, 4.0])
    func nakagami(m: Double) throws {
        // One cluster of rays 20 ns apart, so that no two merge; m fixed (no spread).
        let profile = Self.profile(rays: .mixed(first: 0.05, second: 0.05, firstShare: 0), rayDecay: 200, nakagami: log(m), spread: 0)
        var random = SeededRandom(seed: 5)
        let link = LinkChannel(profile: profile, seed: 77, shadowingDeviation: PowerRatio(decibels: 0))
        var powers: [[Double]] = []
        for _ in 0..<3000 {
            let lower = Vector3(x: random.uniform(0...50), y: random.uniform(0...50), z: random.uniform(0...50))
            let response = link.response(
                lower: lower, upper: Vector3(x: 100, y: 0, z: 0), wavelength: 0.0462, obstruction: .clear, body: .clear,
                whole: true)
            powers.append(zip(response.real, response.imaginary).map { $0 * $0 + $1 * $1 })
        }
        let rays = try #require(powers.first?.count)
        #expect(rays > 3)
        for ray in 0..<rays {
            let values = powers.map { $0[ray] }
            let mean = values.reduce(0, +) / Double(values.count)
            let variance = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) } / Double(values.count - 1)
            let estimated = mean * mean / variance
            #expect(abs(estimated - m) / m < 0.15, "ray \(ray): m \(estimated)")
        }
    }
}
