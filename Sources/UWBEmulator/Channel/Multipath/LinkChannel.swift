import Foundation
import UWBCore

/// The channel between two devices of a world: one realisation of the environment's multipath structure
/// per unordered pair of devices, the same in both directions, read at the antennas' positions.
///
/// - **Reciprocal**: everything is keyed on the pair and evaluated with the ends in a fixed order (the
///   lower end is the device whose name sorts first), never on who transmits.
/// - **Consistent in space and time**: the structure (ray delays, mean powers, m factors) is fixed for the
///   pair; each ray's fading and phase, and the link's shadowing, are smooth fields of both ends'
///   positions (``FieldBasis``) with decorrelation distances ``fadingDecorrelation`` and
///   ``shadowingDecorrelation(lineOfSight:)``: a static link keeps its channel, 1 cm of movement changes
///   it a little, metres change it entirely.
/// - **Deterministic**: a pure function of the world's channel seed, the pair's names and the positions,
///   whatever the order frames are sent in. Nothing but small scalars is kept: the structure is drawn
///   again from the pair's seed whenever a response is worked out.
final class LinkChannel {
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

    /// The environment's multipath profile; nil in free space (the direct path only).
    let profile: MultipathProfile?
    /// The pair's seed, from which the structure is drawn and the fields' phases read.
    let seed: UInt64
    /// The mean power share of the direct path in the structure (1 in free space, 0 if none is direct).
    let directMeanPower: Double
    /// σ_S in dB.
    let shadowingDeviation: Double
    /// The responses worked out last, by where the ends were and the frequency.
    private var responses: [(key: ResponseKey, response: ChannelResponse)] = []

    /// How many responses a link keeps: one per chip pair of boards of up to three chips, and the channel
    /// 5 and 9 of mixed rooms.
    static let keptResponses = 9

    /// The channel of a pair whose seed is `seed`, in an environment with `profile`.
    init(profile: MultipathProfile?, seed: UInt64, shadowingDeviation: PowerRatio) {
        self.profile = profile
        self.seed = seed
        self.shadowingDeviation = shadowingDeviation.decibels
        if let profile {
            var random = SeededRandom(seed: seed)
            directMeanPower = profile.draw(random: &random).filter(\.isDirect).reduce(0) { $0 + $1.meanPower }
        } else {
            directMeanPower = 1
        }
    }

    /// The shadowing with the ends at `lower` and `upper`, from the field `basis`.
    func shadowing(lower: Vector3, upper: Vector3, basis: FieldBasis) -> PowerRatio {
        guard shadowingDeviation > 0 else { return PowerRatio(decibels: 0) }
        let value = FieldBasis.value(
            basis.projections(lower: lower, upper: upper), phases: CounterRandom(seed: seed), from: Self.shadowingIndex)
        return PowerRatio(decibels: shadowingDeviation * value)
    }

    /// The channel's power, as a share of its power without obstacles and bodies, averaged over fading:
    /// what the receiver's level is worked out from.
    func meanPower(_ obstruction: PathObstruction, body: BodyShares) -> Double {
        let direct = directMeanPower * body.direct
        var power = direct * obstruction.directShare + (1 - directMeanPower) * obstruction.scatteredShare * body.scattered
        for detour in obstruction.detours {
            power += direct * detour.powerShare
        }
        return power
    }

    /// The response with the ends at `lower` and `upper` (metres, the same order for both directions), at
    /// `wavelength`, through `obstruction` and the devices' bodies, kept while the same is asked again.
    /// `whole` keeps every path (for a read of the whole accumulator) and is not kept.
    func response(
        lower: Vector3, upper: Vector3, wavelength: Double, obstruction: PathObstruction, body: BodyShares,
        fading basis: FieldBasis, whole: Bool = false
    ) -> ChannelResponse {
        let key = ResponseKey(lower: lower, upper: upper, wavelength: wavelength, obstruction: obstruction, body: body)
        if !whole, let kept = responses.first(where: { $0.key == key }) {
            return kept.response
        }
        let paths = self.paths(lower: lower, upper: upper, wavelength: wavelength, obstruction: obstruction, body: body, fading: basis)
        let response = PathMerger.response(paths, directDelay: obstruction.directShare > 0 ? obstruction.directDelay : nil, whole: whole)
        if !whole {
            if responses.count == Self.keptResponses {
                responses.removeFirst()
            }
            responses.append((key, response))
        }
        return response
    }

    /// Every path of the realisation at these positions, unsorted.
    private func paths(
        lower: Vector3, upper: Vector3, wavelength: Double, obstruction: PathObstruction, body: BodyShares,
        fading basis: FieldBasis
    ) -> [Path] {
        let directAmplitude = (obstruction.directShare * body.direct).squareRoot()
        var paths: [Path] = []
        let speed = PhysicalConstants.speedOfLight.metresPerSecond
        var directPower = directMeanPower
        if let profile {
            var random = SeededRandom(seed: seed)
            let rays = profile.draw(random: &random)
            let projections = basis.projections(lower: lower, upper: upper)
            let counter = CounterRandom(seed: seed)
            let scattered = (obstruction.scatteredShare * body.scattered).squareRoot()
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
                    let value = amplitude * scattered
                    paths.append(Path(delay: ray.delay * 1e-9, real: value * Foundation.cos(phase), imaginary: value * Foundation.sin(phase)))
                }
            }
        } else if directAmplitude > 0 {
            paths.append(Path(delay: obstruction.directDelay, real: directAmplitude, imaginary: 0))
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
        let z = 2 * random.unit(index) - 1
        let angle = 2 * Double.pi * random.unit(index &+ 1)
        let radius = (1 - z * z).squareRoot()
        return Vector3(x: radius * Foundation.cos(angle), y: radius * Foundation.sin(angle), z: z)
    }

    /// Where the shadowing field's phases start in the pair's counter stream.
    private static let shadowingIndex: UInt64 = 0
    /// Where ray `index`'s fading phases, start phase and two directions start in the pair's counter stream.
    private static func rayIndex(_ index: Int) -> UInt64 {
        UInt64(FieldBasis.waves) &+ UInt64(index) &* UInt64(FieldBasis.waves + 5)
    }

    /// What a kept response was worked out for.
    private struct ResponseKey: Equatable {
        let lower: Vector3
        let upper: Vector3
        let wavelength: Double
        let obstruction: PathObstruction
        let body: BodyShares
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
/// neither faces the other with its front; ``DeviceBodyModel``).
struct BodyShares: Hashable, Sendable {
    let direct: Double
    let scattered: Double

    /// No body in the way.
    static let clear = BodyShares(direct: 1, scattered: 1)
}
