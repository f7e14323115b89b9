import Foundation

/// A deterministic pseudo-random generator: SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom
/// number generators", OOPSLA 2014; the 64-bit finaliser constants are those of Vigna's public-domain
/// `splitmix64.c`, https://prng.di.unimi.it/splitmix64.c).
///
/// The same seed always gives the same stream on every platform, so a scenario replays exactly. Use
/// ``derived(label:)`` to give each device or link its own stream, so that adding a device, or listing the
/// devices in another order, does not shift the numbers every other device draws; ``split(label:)``
/// for the parts of one thing made in a fixed order.
///
/// Every method is allocation-free except ``split(label:)`` and ``derived(label:)`` given a `String`, which
/// read the label's UTF-8 bytes.
public struct SeededRandom: RandomNumberGenerator, Sendable {
    /// The Weyl-sequence increment, 2⁶⁴/φ rounded to odd (SplitMix64 reference `0x9e3779b97f4a7c15`).
    private static let goldenGamma: UInt64 = 0x9E37_79B9_7F4A_7C15

    /// The generator's state: the last value of the Weyl sequence.
    private var state: UInt64

    /// While the second deviate of the last Box–Muller pair is unused, the state the pair's two
    /// uniform values were drawn from: the next ``normal(mean:standardDeviation:)`` call draws them
    /// again from it and works that deviate out. Kept as the state (no bigger than the deviate it
    /// stands for: a world holds a generator per pair of devices) rather than the deviate, so that
    /// ``skipNormal()`` can pass over deviates without working out logarithms and sines nobody reads.
    private var spareFrom: UInt64?

    /// A generator whose stream is fully determined by `seed`.
    public init(seed: UInt64) {
        state = seed
        spareFrom = nil
    }

    /// The next 64 random bits (the SplitMix64 output function).
    public mutating func next() -> UInt64 {
        state &+= Self.goldenGamma
        return Self.mix(state)
    }

    /// SplitMix64's finaliser: the output for Weyl-sequence value `value`.
    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [0, 1) from 64 random bits: their top 53, as a fraction.
    private static func unit(_ bits: UInt64) -> Double {
        Double(bits >> 11) * 0x1.0p-53
    }

    /// A new, independent generator derived from this one and a label, for example a device name or
    /// `"alice->bob"`.
    ///
    /// The child's seed mixes the next value of this stream with a 64-bit FNV-1a hash of the label, so the
    /// result depends on the parent's seed, on how many values the parent has produced and on the label.
    /// Splitting advances this generator by one value. The same sequence of calls on the same seed always
    /// gives the same children.
    public mutating func split(label: String) -> SeededRandom {
        split(label: FNV1a.Hash64(label))
    }

    /// ``split(label:)`` with the label's hash already worked out, or built from parts.
    public mutating func split(label: FNV1a.Hash64) -> SeededRandom {
        Self.child(of: next(), label: label)
    }

    /// A new, independent generator for `label` (a device's name, a link's `"link alice -> bob"`),
    /// derived from this one's state without advancing it: the same state and label always give the
    /// same child, however many others were derived before it and in whatever order. What a world
    /// gives each of its devices and links, so that their draws do not depend on the order the
    /// devices were listed or the links first carried a frame.
    public func derived(label: String) -> SeededRandom {
        derived(label: FNV1a.Hash64(label))
    }

    /// ``derived(label:)`` with the label's hash already worked out, or built from parts.
    public func derived(label: FNV1a.Hash64) -> SeededRandom {
        Self.child(of: Self.mix(state), label: label)
    }

    /// The child of a parent whose draw was `parent` for `label`: the label's hash mixed into the
    /// draw, and that mixed again, so that children of nearby draws or labels are unrelated.
    private static func child(of parent: UInt64, label: FNV1a.Hash64) -> SeededRandom {
        var mixer = SeededRandom(seed: parent ^ label.value)
        return SeededRandom(seed: mixer.next())
    }

    /// A uniform value in [0, 1) with 53 random bits (the top 53 bits of ``next()`` scaled by 2⁻⁵³).
    public mutating func unitInterval() -> Double {
        Self.unit(next())
    }

    /// A uniform value in `range`. A range with equal bounds always gives that bound.
    public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * unitInterval()
    }

    /// A normally distributed value (Box–Muller transform; Box and Muller, Ann. Math. Statist. 29(2), 1958).
    ///
    /// Deviates are produced in pairs; the second of each pair is kept for the next call. A negative
    /// `standardDeviation` gives the same distribution as its magnitude, because the normal law is symmetric.
    public mutating func normal(mean: Double, standardDeviation: Double) -> Double {
        if let from = spareFrom {
            spareFrom = nil
            let first = Self.unit(Self.mix(from &+ Self.goldenGamma))
            let second = Self.unit(Self.mix(from &+ Self.goldenGamma &+ Self.goldenGamma))
            // The deviate first, then scaled: the same operations, in the same order, as when it was kept.
            return mean + standardDeviation * (Self.boxMullerRadius(first) * Foundation.sin(2 * Double.pi * second))
        }
        spareFrom = state
        let first = unitInterval()
        let second = unitInterval()
        return mean + standardDeviation * Self.boxMullerRadius(first) * Foundation.cos(2 * Double.pi * second)
    }

    /// Moves the stream on exactly as ``normal(mean:standardDeviation:)`` would, without working out
    /// the deviate: for a draw whose value goes unused, so that the draws after it stay the same.
    public mutating func skipNormal() {
        if spareFrom != nil {
            spareFrom = nil
        } else {
            spareFrom = state
            state &+= Self.goldenGamma &+ Self.goldenGamma
        }
    }

    /// The Box–Muller pair's radius √(−2 ln(1 − U)) for the first uniform `U` (1 − U lies in (0, 1],
    /// so the logarithm is finite).
    private static func boxMullerRadius(_ uniform: Double) -> Double {
        (-2 * Foundation.log(1 - uniform)).squareRoot()
    }

    /// An exponentially distributed value with the given mean (inverse-CDF method: −mean·ln(1 − U)).
    ///
    /// A mean of zero always gives zero; a negative mean gives the mirror image (non-positive values).
    public mutating func exponential(mean: Double) -> Double {
        -mean * Foundation.log(1 - unitInterval())
    }
}
