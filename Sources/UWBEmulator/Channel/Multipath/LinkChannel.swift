import Foundation
import UWBCore

/// The channel between two devices of a world: one realisation of the environment's multipath structure
/// per unordered pair of devices, the same in both directions, read at the antennas' positions.
///
/// - **Reciprocal**: everything is keyed on the pair and evaluated with the ends in a fixed order (the
///   lower end is the device whose name sorts first), never on who transmits.
/// - **Consistent in space and time**: the structure (ray delays, mean powers, m factors) is fixed for the
///   pair; each ray's fading and phase, and the link's shadowing, are smooth fields of both ends'
///   positions (``FieldBasis``, the link's own) with decorrelation distances ``fadingDecorrelation`` and
///   ``shadowingDecorrelation(lineOfSight:)``: a static link keeps its channel, 1 cm of movement changes
///   it a little, metres change it entirely.
/// - **Deterministic**: a pure function of the world's channel seed, the pair's names and the positions,
///   whatever the order frames are sent in. Nothing is kept per pair but its seed: the fields' wave vectors
///   and the structure are drawn again from it whenever a level or a response is worked out, and the
///   world's ``ResponseCache`` keeps the responses worked out lately.
struct LinkChannel {
    /// Decorrelation distance of a ray's fading: 10 cm [C: Prettie et al., "Spatial correlation of UWB
    /// signals in a home environment", UWBST 2002: 5–15 cm, LOS and NLOS, 2–8 GHz; Kaminsky et al.:
    /// multipath components stable over 9.5 cm on average].
    static let fadingDecorrelation = Distance(metres: 0.10)

    /// Decorrelation distance of shadowing: 10 m with line of sight, 6 m without [C: 3GPP TR 38.901 indoor
    /// hotspot, as configured in QuaDRiGa's `3GPP_38.901_Indoor_LOS/NLOS.conf`; the IEEE 802.15.4a model
    /// gives none].
    static func shadowingDecorrelation(lineOfSight: Bool) -> Distance {
        Distance(metres: lineOfSight ? 10 : 6)
    }

    /// The direct path's share of a line-of-sight channel's power 1 m from the transmitter: 0.6, falling
    /// with distance as the direct path's free-space loss outgrows the environment's (d^(n − 2)) [D: fitted
    /// so that emulated line-of-sight links read RX − FP as the measured DW1000 links do, 3.4 dB median,
    /// `Docs/benchmarks.md` "The channel against measurements"; the IEEE 802.15.4a model gives the first ray
    /// only its share of the first cluster, about 5 % in the office, where measured line-of-sight first
    /// paths are within two taps of the strongest].
    static let directShareAtOneMetre = 0.6

    /// What every link of the world shares.
    let environment: MultipathEnvironment
    /// The pair's seed, from which the structure is drawn and the fields' phases read.
    let seed: UInt64

    /// The channel of the pair whose seed is `seed` in `environment`.
    init(environment: MultipathEnvironment, seed: UInt64) {
        self.environment = environment
        self.seed = seed
    }

    /// The channel of a pair whose seed is `seed`, alone in an environment with `profile`, path-loss exponent
    /// `exponent` and shadowing σ_S `shadowingDeviation` that decorrelates over `shadowingDecorrelation`.
    init(
        profile: MultipathProfile?, exponent: Double = 2, seed: UInt64, shadowingDeviation: PowerRatio,
        shadowingDecorrelation: Distance = LinkChannel.shadowingDecorrelation(lineOfSight: true)
    ) {
        self.init(
            environment: MultipathEnvironment(
                profile: profile, exponent: exponent, shadowingDeviation: shadowingDeviation,
                shadowingDecorrelation: shadowingDecorrelation),
            seed: seed)
    }

    /// The environment's multipath profile; nil in free space.
    var profile: MultipathProfile? { environment.profile }

    /// The direct path's mean share of the channel's power with the ends `distance` apart: all of it in
    /// free space; in a line-of-sight environment ``directShareAtOneMetre``·(d/1 m)^(n − 2), at most 1;
    /// otherwise the environment's mean share of its structure's first ray
    /// (``MultipathEnvironment/structureDirectShare``).
    func directMeanPower(at distance: Double) -> Double {
        guard let profile, profile.onset == .direct else { return environment.structureDirectShare }
        return min(1, Self.directShareAtOneMetre * Foundation.pow(max(distance, 0.1), environment.exponent - 2))
    }

    /// The shadowing with the ends at `lower` and `upper`.
    func shadowing(lower: Vector3, upper: Vector3) -> PowerRatio {
        guard environment.shadowingDeviation > 0 else { return PowerRatio(decibels: 0) }
        var fields = SeededRandom(seed: seed ^ Self.shadowingSeedMix)
        let basis = FieldBasis(decorrelation: environment.shadowingDecorrelation, random: &fields)
        let value = FieldBasis.value(
            basis.projections(lower: lower, upper: upper), phases: CounterRandom(seed: seed), from: Self.shadowingIndex)
        return PowerRatio(decibels: environment.shadowingDeviation * value)
    }

    /// The channel's power with the ends `distance` apart, as a share of its power without obstacles and
    /// bodies, averaged over fading: what the receiver's level is worked out from.
    func meanPower(_ obstruction: PathObstruction, body: BodyShares, distance: Double) -> Double {
        let share = directMeanPower(at: distance)
        let direct = share * (body.direct + body.around)
        let decay = (profile?.rayDecay ?? 0) * 1e-9
        var power = direct * obstruction.directShare + (1 - share) * obstruction.meanScatteredShare(decay: decay) * body.scattered
        for detour in obstruction.detours {
            power += direct * detour.powerShare
        }
        return power
    }

    /// The response with the ends at `lower` and `upper` (metres, the same order for both directions), at
    /// `wavelength`, through `obstruction` and the devices' bodies, kept in the world's ``ResponseCache``.
    /// `whole` keeps every path (for a read of the whole accumulator) and is not kept.
    func response(
        lower: Vector3, upper: Vector3, wavelength: Double, obstruction: PathObstruction, body: BodyShares, whole: Bool = false
    ) -> ChannelResponse {
        let key = ResponseCache.Key(
            seed: seed, lower: lower, upper: upper, wavelength: wavelength, obstruction: obstruction, body: body)
        if !whole, let kept = environment.responses.response(for: key) {
            return kept
        }
        let paths = self.paths(lower: lower, upper: upper, wavelength: wavelength, obstruction: obstruction, body: body)
        let response = PathMerger.response(paths, directDelay: obstruction.directShare > 0 ? obstruction.directDelay : nil, whole: whole)
        if !whole {
            environment.responses.keep(response, for: key)
        }
        return response
    }

    /// Every path of the realisation at these positions, unsorted.
    private func paths(
        lower: Vector3, upper: Vector3, wavelength: Double, obstruction: PathObstruction, body: BodyShares
    ) -> [Path] {
        let directAmplitude = (obstruction.directShare * body.direct).squareRoot()
        var paths: [Path] = []
        let speed = PhysicalConstants.speedOfLight.metresPerSecond
        let share = directMeanPower(at: (upper - lower).length)
        var directPower = share
        let counter = CounterRandom(seed: seed)
        if let profile {
            var random = SeededRandom(seed: seed)
            // The structure as drawn, its direct ray given the share the distance (or the environment) gives it.
            let drawn = profile.draw(random: &random)
            let drawnDirect = drawn.reduce(0) { $0 + ($1.isDirect ? $1.meanPower : 0) }
            let rescale = drawnDirect < 1 ? (1 - share) / (1 - drawnDirect) : 0
            let rays = drawn.map { ray in
                var scaled = ray
                scaled.meanPower = ray.isDirect ? share : ray.meanPower * rescale
                return scaled
            }
            var fields = SeededRandom(seed: seed ^ Self.fadingSeedMix)
            let fading = FieldBasis(decorrelation: Self.fadingDecorrelation, random: &fields)
            let projections = fading.projections(lower: lower, upper: upper)
            let wavenumber = 2 * Double.pi / wavelength
            paths.reserveCapacity(rays.count + obstruction.detours.count)
            directPower = 0
            for (index, ray) in rays.enumerated() {
                let base = Self.rayIndex(index)
                let z = FieldBasis.value(projections, phases: counter, from: base)
                let amplitude = (ray.meanPower * Self.nakagamiPower(m: ray.nakagami, standardNormal: z)).squareRoot()
                if ray.isDirect {
                    directPower += amplitude * amplitude
                    guard directAmplitude > 0 else { continue }
                    paths.append(Path(delay: ray.delay * 1e-9 + obstruction.directDelay, real: amplitude * directAmplitude, imaginary: 0))
                } else {
                    // The ray leaves and arrives along its own directions: its phase turns with the ends'
                    // positions along them.
                    let start = counter.unit(base &+ UInt64(FieldBasis.waves)) * 2 * Double.pi
                    let turn = Self.direction(counter, base &+ UInt64(FieldBasis.waves) &+ 1).dot(lower)
                        + Self.direction(counter, base &+ UInt64(FieldBasis.waves) &+ 3).dot(upper)
                    let phase = start + wavenumber * turn
                    let value = amplitude * (obstruction.scatteredShare(afterDirect: ray.delay * 1e-9) * body.scattered).squareRoot()
                    paths.append(Path(delay: ray.delay * 1e-9, real: value * Foundation.cos(phase), imaginary: value * Foundation.sin(phase)))
                }
            }
        } else if directAmplitude > 0 {
            paths.append(Path(delay: obstruction.directDelay, real: directAmplitude, imaginary: 0))
        }
        if body.around > 0, obstruction.directShare > 0 {
            // Round the body: what it takes off the direct path, a fixed time later, along directions of its
            // own (its phase turns with the ends' positions as a ray's does).
            let value = (directPower * body.around * obstruction.directShare).squareRoot()
            let phase = counter.unit(Self.bodyIndex) * 2 * Double.pi + 2 * Double.pi / wavelength
                * (Self.direction(counter, Self.bodyIndex &+ 1).dot(lower) + Self.direction(counter, Self.bodyIndex &+ 3).dot(upper))
            paths.append(Path(
                delay: obstruction.directDelay + DeviceBodyModel.detourDelay.secondsValue,
                real: value * Foundation.cos(phase), imaginary: value * Foundation.sin(phase)))
        }
        let bent = (directPower * body.direct).squareRoot()
        for detour in obstruction.detours where detour.powerShare > 0 {
            // The bent path's carrier phase lags by its extra length.
            let phase = -2 * Double.pi * detour.delay * speed / wavelength
            let value = bent * detour.powerShare.squareRoot()
            paths.append(Path(delay: detour.delay, real: value * Foundation.cos(phase), imaginary: value * Foundation.sin(phase)))
        }
        return paths
    }

    /// A ray's power relative to its mean, Gamma(m, 1/m)-distributed, from a standard normal value: the
    /// Wilson–Hilferty approximation of the Gamma quantile, (1 − 1/(9m) + z/(3√m))³ (Wilson and Hilferty,
    /// PNAS 17(12), 1931), never below zero.
    static func nakagamiPower(m: Double, standardNormal z: Double) -> Double {
        let cube = 1 - 1 / (9 * m) + z / (3 * m.squareRoot())
        return cube > 0 ? cube * cube * cube : 0
    }

    /// A direction uniform on the sphere from two counter values at `index` and `index + 1`.
    private static func direction(_ random: CounterRandom, _ index: UInt64) -> Vector3 {
        FieldBasis.direction(height: 2 * random.unit(index) - 1, angle: 2 * Double.pi * random.unit(index &+ 1))
    }

    /// Mixed into the seed for the streams the link's fading and shadowing bases are drawn from (the
    /// structure's stream starts at the seed itself).
    private static let fadingSeedMix: UInt64 = 0x5DEE_CE66_D1CE_4E5B
    private static let shadowingSeedMix: UInt64 = 0x2545_F491_4F6C_DD1D

    /// Where the shadowing field's phases start in the pair's counter stream.
    private static let shadowingIndex: UInt64 = 0
    /// Where the phase of the path round a body is in the pair's counter stream: past every ray's.
    private static let bodyIndex: UInt64 = 1 << 62
    /// Where ray `index`'s fading phases, start phase and two directions start in the pair's counter stream.
    private static func rayIndex(_ index: Int) -> UInt64 {
        UInt64(FieldBasis.waves) &+ UInt64(index) &* UInt64(FieldBasis.waves + 5)
    }
}

/// One path of a link before paths that no receiver tells apart are merged: its delay in seconds after the
/// straight line's light time and its complex amplitude.
struct Path {
    let delay: Double
    let real: Double
    let imaginary: Double
}

/// How much of the direct and of the scattered paths' power the devices' bodies let through (1 when
/// neither faces the other with its front), and how much of the direct path's goes round the body
/// instead (``DeviceBodyModel``).
struct BodyShares: Hashable, Sendable {
    let direct: Double
    let scattered: Double
    let around: Double

    /// No body in the way.
    static let clear = BodyShares(direct: 1, scattered: 1, around: 0)
}
