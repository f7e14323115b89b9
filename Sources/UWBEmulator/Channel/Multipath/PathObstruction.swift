import Foundation
import UWBCore

/// What the obstacles between a link's antennas do to its paths at one frequency: the direct path through
/// them (weaker, later, or gone behind metal), the paths that bend round their edges, and the scattered
/// paths, which reach the receiver by other ways and lose only part of what the direct path loses.
struct PathObstruction: Hashable, Sendable {
    /// A path that bends round an obstacle's edge.
    struct Detour: Hashable, Sendable {
        /// How much later than the direct line's light time it arrives, in seconds.
        let delay: Double
        /// Its power as a share of the direct path's without obstacles.
        let powerShare: Double
    }

    /// The direct path's power as a share of what it would be without obstacles (0 behind metal).
    let directShare: Double
    /// How much later than the straight line's light time the direct path arrives, in seconds.
    let directDelay: Double
    /// The paths round the obstacles' edges.
    let detours: [Detour]
    /// The scattered paths' power as a share of what it would be without obstacles.
    let scatteredShare: Double

    /// No obstacle on the way.
    static let clear = PathObstruction(directShare: 1, directDelay: 0, detours: [], scatteredShare: 1)

    /// How much of an obstacle's loss the scattered paths take, in dB per dB of the direct path's loss (at
    /// most the loss of the way round its edge): 0.3 [D: the measured apartment's blocked links lose
    /// 2.5–5.4 dB in all where their first paths lose 9–16 dB (`Docs/reference/measured-channels.md`); the
    /// scattered energy reaches the receiver mostly by other ways, doors and corridors].
    static let scatteredLossShare = 0.3

    /// The obstruction of the segment from `start` to `end` by `obstacles` on `channel`.
    init(from start: Position, to end: Position, obstacles: [Obstacle], channel: Channel) {
        let frequency = channel.centreFrequency
        var direct = 1.0
        var delay = 0.0
        var scatteredDecibels = 0.0
        var edges: [(detour: Detour, obstacle: Int)] = []
        var throughShares: [Double] = []
        let wavelength = Distance(metres: PhysicalConstants.speedOfLight.metresPerSecond / frequency.hertz)
        let speed = PhysicalConstants.speedOfLight.metresPerSecond
        for obstacle in obstacles {
            guard let crossing = obstacle.crossing(from: start, to: end) else { continue }
            let through = obstacle.composition.transmission(
                at: frequency, bandwidth: channel.bandwidth, obliquity: crossing.obliquity)
            let throughShare = through.powerShare
            var bypassDecibels = through.loss.decibels
            if let detour = crossing.detour, throughShare < 1 {
                // The edge's field is what the obstacle takes away from the direct wave: nothing for a
                // transparent one, the whole knife-edge field for metal [D].
                let edge = detour.loss(wavelength: wavelength)
                let missing = 1 - throughShare.squareRoot()
                edges.append((Detour(
                    delay: detour.extraLength.metres / speed,
                    powerShare: missing * missing * Foundation.pow(10, -edge.decibels / 10)), throughShares.count))
                bypassDecibels = min(bypassDecibels, edge.decibels)
            }
            throughShares.append(throughShare)
            direct *= throughShare
            delay += through.delay.secondsValue
            scatteredDecibels += Self.scatteredLossShare * bypassDecibels
        }
        // A path round one obstacle still goes through the others on the line.
        let detours = edges.map { edge in
            let others = throughShares.indices.reduce(1.0) { $1 == edge.obstacle ? $0 : $0 * throughShares[$1] }
            return Detour(delay: edge.detour.delay, powerShare: edge.detour.powerShare * others)
        }
        self.init(
            directShare: direct, directDelay: delay, detours: detours,
            scatteredShare: Foundation.pow(10, -scatteredDecibels / 10))
    }

    private init(directShare: Double, directDelay: Double, detours: [Detour], scatteredShare: Double) {
        self.directShare = directShare
        self.directDelay = directDelay
        self.detours = detours
        self.scatteredShare = scatteredShare
    }
}
