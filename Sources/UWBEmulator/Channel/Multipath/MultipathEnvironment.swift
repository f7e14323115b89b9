import Foundation
import UWBCore

/// What every link of a world shares: the environment's multipath profile and path-loss figures, the
/// direct ray's mean share of the structure, and the responses worked out lately (``ResponseCache``). A
/// ``LinkChannel`` is this and a pair's seed: nothing else is kept per pair, so a world of a thousand devices
/// holds no more per pair than it did without multipath.
final class MultipathEnvironment {
    /// The environment's multipath profile; nil in free space (the direct path only).
    let profile: MultipathProfile?
    /// The environment's path-loss exponent n.
    let exponent: Double
    /// σ_S in dB.
    let shadowingDeviation: Double
    /// How far an end moves before the shadowing is a different draw.
    let shadowingDecorrelation: Distance
    /// The direct ray's mean share of the structure's power where the profile does not set it by distance:
    /// 1 in free space, 0 when the first cluster starts late (no direct ray), and for a soft onset the mean
    /// over ``structureDraws`` draws of the profile [D: a pair keeps the environment's mean share rather than
    /// its own draw's, so that a link's level needs no draw of its structure].
    let structureDirectShare: Double
    /// The responses worked out lately, for every link of the world.
    let responses: ResponseCache

    /// How many draws of the profile the soft onset's mean direct share is averaged over.
    static let structureDraws = 64

    /// An environment with `profile`, path-loss exponent `exponent`, and shadowing σ_S `shadowingDeviation`
    /// that decorrelates over `shadowingDecorrelation`.
    init(
        profile: MultipathProfile?, exponent: Double, shadowingDeviation: PowerRatio, shadowingDecorrelation: Distance,
        responses: ResponseCache = ResponseCache()
    ) {
        self.profile = profile
        self.exponent = exponent
        self.shadowingDeviation = shadowingDeviation.decibels
        self.shadowingDecorrelation = shadowingDecorrelation
        self.responses = responses
        structureDirectShare = profile.map(Self.meanDirectShare) ?? 1
    }

    /// The direct ray's share of `profile`'s power, averaged over ``structureDraws`` draws from a fixed seed.
    private static func meanDirectShare(of profile: MultipathProfile) -> Double {
        guard profile.onset != .late else { return 0 }
        var random = SeededRandom(seed: Self.structureSeed)
        var sum = 0.0
        for _ in 0..<structureDraws {
            sum += profile.draw(random: &random).filter(\.isDirect).reduce(0) { $0 + $1.meanPower }
        }
        return sum / Double(structureDraws)
    }

    /// The seed the mean direct share is drawn with.
    private static let structureSeed: UInt64 = 0x0DD5_EED5_0F5A_3E11
}
