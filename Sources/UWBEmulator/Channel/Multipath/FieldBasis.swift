import Foundation
import UWBCore

/// The wave vectors of smooth random fields over the positions of a link's two ends, shared by every field
/// of a world with one decorrelation distance; each field adds its own phases (``value(_:phases:from:)``).
///
/// A field is the sum of ``waves`` cosines with random wave vectors and phases (the sum-of-sinusoids
/// method; Rice, "Mathematical analysis of random noise", Bell Syst. Tech. J. 23, 1944, §3.7): Gaussian
/// with unit variance in the limit, and a pure function of the positions, so a link sees the same value in
/// both directions and whatever the order of its frames. Each wave vector has a random direction at each
/// end and length 2/d, so moving one end by d leaves a correlation of sin(2)/2 ≈ 0.45 (an isotropic
/// plane-wave sum has ρ(Δ) = sin(kΔ)/(kΔ)) and by several d none: d is the decorrelation distance.
struct FieldBasis: Sendable {
    /// The number of cosines: enough for a near-Gaussian sum at little cost.
    static let waves = 8

    /// Per cosine, the wave vector's parts at the lower and the upper end, in radians per metre.
    private let lowerWaves: [Vector3]
    private let upperWaves: [Vector3]

    /// A basis with decorrelation distance `distance`, drawn from `random`.
    init(decorrelation distance: Distance, random: inout SeededRandom) {
        let length = 2 / max(distance.metres, 1e-6)
        var lower: [Vector3] = []
        var upper: [Vector3] = []
        lower.reserveCapacity(Self.waves)
        upper.reserveCapacity(Self.waves)
        for _ in 0..<Self.waves {
            lower.append(Self.direction(random: &random) * length)
            upper.append(Self.direction(random: &random) * length)
        }
        lowerWaves = lower
        upperWaves = upper
    }

    /// The cosines' arguments, without their phases, with the ends at `lower` and `upper` (metres), as
    /// cosine and sine pairs: what every field of the basis needs at those positions.
    func projections(lower: Vector3, upper: Vector3) -> [(cos: Double, sin: Double)] {
        (0..<Self.waves).map { index in
            let argument = lowerWaves[index].dot(lower) + upperWaves[index].dot(upper)
            return (Foundation.cos(argument), Foundation.sin(argument))
        }
    }

    /// The value of the field whose phases `random` gives from `index` on (one per wave), at the positions
    /// of `projections`: zero mean, unit variance.
    static func value(_ projections: [(cos: Double, sin: Double)], phases random: CounterRandom, from index: UInt64) -> Double {
        var sum = 0.0
        for wave in 0..<waves {
            let phase = PhaseTable.shared.entry(random.bits(index &+ UInt64(wave)))
            // cos(θ + φ) = cos θ·cos φ − sin θ·sin φ.
            sum += projections[wave].cos * phase.cos - projections[wave].sin * phase.sin
        }
        return sum * scale
    }

    /// √(2 / count): each cosine of a random phase has variance ½.
    private static let scale = (2.0 / Double(waves)).squareRoot()

    /// A direction uniform on the sphere from `random`: ``direction(height:angle:)`` of two uniforms.
    static func direction(random: inout SeededRandom) -> Vector3 {
        direction(height: random.uniform(-1...1), angle: random.uniform(0...(2 * Double.pi)))
    }

    /// The direction at height `z` (uniform in [−1, 1]) turned by `angle` (uniform in [0, 2π)) round the
    /// vertical: uniform on the sphere (Archimedes' hat-box theorem).
    static func direction(height z: Double, angle: Double) -> Vector3 {
        let radius = (1 - z * z).squareRoot()
        return Vector3(x: radius * Foundation.cos(angle), y: radius * Foundation.sin(angle), z: z)
    }
}

/// Phases evenly round the circle, as cosine and sine: a random phase picked from them costs a table read
/// instead of a sine and a cosine.
struct PhaseTable: Sendable {
    private let entries: [(cos: Double, sin: Double)]
    /// How far the bits picking an entry are shifted down: 64 less the table's bits.
    private let shift: UInt64

    /// 256 phases, finer than anything a field's statistics show.
    static let shared = PhaseTable(bits: 8)
    /// 4096 phases (under 0.09° apart): for the directions of Gaussian noise values.
    static let fine = PhaseTable(bits: 12)

    private init(bits: Int) {
        let steps = 1 << bits
        shift = UInt64(64 - bits)
        entries = (0..<steps).map { step in
            let angle = Double(step) * 2 * Double.pi / Double(steps)
            return (Foundation.cos(angle), Foundation.sin(angle))
        }
    }

    /// The phase picked by the top bits of `bits`.
    @inline(__always)
    func entry(_ bits: UInt64) -> (cos: Double, sin: Double) {
        entries[Int(bits >> shift)]
    }
}
