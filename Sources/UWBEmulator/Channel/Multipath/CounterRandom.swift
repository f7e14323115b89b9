/// Random numbers addressed by position instead of drawn in sequence: the value for (`seed`, `index`) is
/// always the same, whatever was asked for before (the SplitMix64 output function applied to
/// seed + index·γ; Steele, Lea and Flood, OOPSLA 2014). What a link's paths are made of is read this way,
/// so that any of them can be worked out again without keeping them.
struct CounterRandom {
    /// The stream's seed.
    let seed: UInt64

    /// 64 random bits for `index`.
    func bits(_ index: UInt64) -> UInt64 {
        var z = seed &+ index &* 0x9E37_79B9_7F4A_7C15
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform value in [0, 1) for `index`, with 53 random bits.
    func unit(_ index: UInt64) -> Double {
        Double(bits(index) >> 11) * 0x1.0p-53
    }
}
