import Foundation
import UWBCore

/// What the obstacles between a link's antennas do to its paths at one frequency: the direct path through
/// them (weaker, later, or gone behind metal), the paths that bend round their edges, and the scattered
/// paths. A scattered path that arrives soon after the direct one runs close to the straight line and
/// crosses the same obstacles; one that arrives later can have gone round them and loses only a share of
/// their loss (``scatteredShare(afterDirect:)``).
struct PathObstruction: Hashable, Sendable {
    /// A path that bends round an obstacle's edge.
    struct Detour: Hashable, Sendable {
        /// How much later than the direct line's light time it arrives, in seconds.
        let delay: Double
        /// Its power as a share of the direct path's without obstacles.
        let powerShare: Double
    }

    /// An obstacle on the line, as the scattered paths meet it.
    struct Blocker: Hashable, Sendable {
        /// The loss through it (or round its edge, if less), in dB.
        let loss: Double
        /// How far its nearest edge stands off the line, in metres (infinite for a box with no way round).
        let clearance: Double
        /// The distances along the line from its two ends to it, in metres.
        let near: Double
        let far: Double
    }

    /// The direct path's power as a share of what it would be without obstacles (0 behind metal).
    let directShare: Double
    /// How much later than the straight line's light time the direct path arrives, in seconds.
    let directDelay: Double
    /// The paths round the obstacles' edges.
    let detours: [Detour]
    /// The obstacles on the line, for the scattered paths.
    let blockers: [Blocker]

    /// No obstacle on the way.
    static let clear = PathObstruction(directShare: 1, directDelay: 0, detours: [], blockers: [])

    /// How much of an obstacle's loss a scattered path that can go round it still takes, in dB per dB of the
    /// direct path's loss: 0.3 [D: the measured apartment's blocked links lose 2.5–5.4 dB in all where their
    /// first paths lose 9–16 dB (`Docs/reference/measured-channels.md`); such paths reach the receiver
    /// mostly by other ways, doors and corridors].
    static let scatteredLossShare = 0.3

    /// The obstruction of the segment from `start` to `end` by `obstacles` on `channel`.
    init(from start: Position, to end: Position, obstacles: [Obstacle], channel: Channel) {
        let frequency = channel.centreFrequency
        var direct = 1.0
        var delay = 0.0
        var blockers: [Blocker] = []
        var edges: [(detour: Detour, obstacle: Int)] = []
        var throughShares: [Double] = []
        let wavelength = Distance(metres: PhysicalConstants.speedOfLight.metresPerSecond / frequency.hertz)
        let speed = PhysicalConstants.speedOfLight.metresPerSecond
        let length = start.distance(to: end).metres
        for obstacle in obstacles {
            guard let crossing = obstacle.crossing(from: start, to: end) else { continue }
            let through = obstacle.composition.transmission(
                at: frequency, bandwidth: channel.bandwidth, obliquity: crossing.obliquity)
            let throughShare = through.powerShare
            var loss = through.loss.decibels
            if let detour = crossing.detour, throughShare < 1 {
                // The edge's field is what the obstacle takes away from the direct wave: nothing for a
                // transparent one, the whole knife-edge field for metal [D].
                let edge = detour.loss(wavelength: wavelength)
                let missing = 1 - throughShare.squareRoot()
                edges.append((Detour(
                    delay: detour.extraLength.metres / speed,
                    powerShare: missing * missing * Foundation.pow(10, -edge.decibels / 10)), throughShares.count))
                loss = min(loss, edge.decibels)
            }
            if loss > 0 {
                blockers.append(Blocker(
                    loss: loss, clearance: crossing.detour?.clearance.metres ?? .infinity,
                    near: crossing.detour?.near.metres ?? length / 2, far: crossing.detour?.far.metres ?? length / 2))
            }
            throughShares.append(throughShare)
            direct *= throughShare
            delay += through.delay.secondsValue
        }
        // A path round one obstacle still goes through the others on the line.
        let detours = edges.map { edge in
            let others = throughShares.indices.reduce(1.0) { $1 == edge.obstacle ? $0 : $0 * throughShares[$1] }
            return Detour(delay: edge.detour.delay, powerShare: edge.detour.powerShare * others)
        }
        self.init(directShare: direct, directDelay: delay, detours: detours, blockers: blockers)
    }

    private init(directShare: Double, directDelay: Double, detours: [Detour], blockers: [Blocker]) {
        self.directShare = directShare
        self.directDelay = directDelay
        self.detours = detours
        self.blockers = blockers
    }

    /// The power share that comes through for a scattered path arriving `delay` seconds after the straight
    /// line's light time. Such a path strays from the line by at most h = √(2·c·delay·d₁d₂/(d₁ + d₂)) where it
    /// passes an obstacle d₁ and d₂ from the ends (the ellipse of constant path length, [D]); while h is
    /// short of the obstacle's edge it crosses the obstacle and takes its whole loss, and it can go round
    /// it, taking ``scatteredLossShare`` of the loss, once h reaches the edge, in proportion between.
    func scatteredShare(afterDirect delay: Double) -> Double {
        guard !blockers.isEmpty else { return 1 }
        let excess = max(0, delay) * PhysicalConstants.speedOfLight.metresPerSecond
        var decibels = 0.0
        for blocker in blockers {
            let stray = (2 * excess * blocker.near * blocker.far / max(blocker.near + blocker.far, 1e-9)).squareRoot()
            let reach = blocker.clearance.isFinite && blocker.clearance > 0 ? min(1, stray / blocker.clearance) : 0
            decibels += blocker.loss * (1 - (1 - Self.scatteredLossShare) * reach)
        }
        return Foundation.pow(10, -decibels / 10)
    }

    /// The mean of ``scatteredShare(afterDirect:)`` over scattered power that decays as e^(−τ/`decay`)
    /// after the direct path (seconds): the midpoints of 16 equal-power slices [D].
    func meanScatteredShare(decay: Double) -> Double {
        guard !blockers.isEmpty else { return 1 }
        let slices = 16
        return (0..<slices).reduce(0.0) { sum, slice in
            sum + scatteredShare(afterDirect: -decay * Foundation.log(1 - (Double(slice) + 0.5) / Double(slices)))
        } / Double(slices)
    }
}
