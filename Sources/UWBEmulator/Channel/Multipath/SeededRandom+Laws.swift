import Foundation
import UWBCore

extension SeededRandom {
    /// A Poisson-distributed count with the given mean (Knuth's product of uniforms, "The Art of
    /// Computer Programming" vol. 2, §3.4.1; fine for the small means of channel models). A mean of
    /// zero or less gives 0.
    mutating func poisson(mean: Double) -> Int {
        guard mean > 0 else { return 0 }
        let limit = Foundation.exp(-mean)
        var product = unitInterval()
        var count = 0
        while product > limit {
            count += 1
            product *= unitInterval()
        }
        return count
    }
}

extension SeededRandom {
    /// A 64-bit seed made from `seed` and the hashes of an ordered pair's names alone (``FNV1a/Hash64``, the
    /// same in every run, unlike Swift's `Hasher`; the upper
    /// one turned by 29 bits so that the pair's order counts), mixed through SplitMix64's output. Unlike
    /// ``split(label:)``, it does not depend on how far the parent stream has gone: what a pair of devices
    /// draws from it does not depend on when the pair was met.
    static func derived(from seed: UInt64, lower: UInt64, upper: UInt64) -> UInt64 {
        var mixer = SeededRandom(seed: seed ^ lower ^ ((upper << 29) | (upper >> 35)))
        return mixer.next()
    }
}
