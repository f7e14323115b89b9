import UWBCore

/// An axis-aligned box across which signals lose power and time: a wall, a cabinet, a person.
///
/// What it does to a path depends on what it is made of (``composition``): a slab of a named
/// ``Material`` attenuates and delays the direct path by the material's properties at the frame's
/// frequency, metal removes it; an obstacle given only by a loss attenuates it without delay. A
/// path can also bend round the box's nearest edge (``crossing(from:to:)``).
public struct Obstacle: Hashable, Sendable {
    /// A name for messages and traces, for example `"wall"`.
    public let name: String
    /// The corner with the smallest coordinates.
    public let minimum: Position
    /// The corner with the largest coordinates.
    public let maximum: Position
    /// What the box is made of.
    public let composition: ObstacleComposition

    /// Whether `position` lies inside the box, its faces included.
    public func contains(_ position: Position) -> Bool {
        position.lies(between: minimum, and: maximum)
    }

    /// A box from two corners that costs a path crossing it `attenuation` and no time.
    ///
    /// - Throws: ``ChannelModelError`` if a coordinate or the attenuation is not finite, the attenuation is
    ///   negative, or `minimum` exceeds `maximum` on an axis. A box may be flat (zero thickness) on an axis.
    public init(name: String, minimum: Position, maximum: Position, attenuation: PowerRatio) throws(ChannelModelError) {
        try self.init(
            name: name, minimum: minimum, maximum: maximum,
            checkedComposition: .loss(PowerRatio(
                decibels: try ChannelModelError.nonNegative(attenuation.decibels, "obstacle \"\(name)\" attenuationDB"))))
    }

    /// A box from two corners that is a slab of `material`, `thickness` thick.
    ///
    /// - Throws: ``ChannelModelError`` if a coordinate or the thickness is not finite, the thickness
    ///   is negative, a custom material's permittivity is below 1 or its conductivity negative, or
    ///   `minimum` exceeds `maximum` on an axis.
    public init(name: String, minimum: Position, maximum: Position, material: Material, thickness: Distance) throws(ChannelModelError) {
        let metres = try ChannelModelError.nonNegative(thickness.metres, "obstacle \"\(name)\" thicknessMetres")
        if case .custom(let permittivity, let conductivity) = material {
            let checked = try ChannelModelError.finite(permittivity, "obstacle \"\(name)\" relativePermittivity")
            guard checked >= 1 else {
                throw .belowOne(parameter: "obstacle \"\(name)\" relativePermittivity", value: checked)
            }
            _ = try ChannelModelError.nonNegative(conductivity.value, "obstacle \"\(name)\" conductivitySiemensPerMetre")
        }
        try self.init(
            name: name, minimum: minimum, maximum: maximum,
            checkedComposition: .slab(material, thickness: Distance(metres: metres)))
    }

    private init(name: String, minimum: Position, maximum: Position, checkedComposition: ObstacleComposition) throws(ChannelModelError) {
        let axes: [(String, Double, Double)] = [
            ("x", minimum.metres.x, maximum.metres.x),
            ("y", minimum.metres.y, maximum.metres.y),
            ("z", minimum.metres.z, maximum.metres.z),
        ]
        for (axis, low, high) in axes {
            _ = try ChannelModelError.finite(low, "obstacle \"\(name)\" min.\(axis)")
            _ = try ChannelModelError.finite(high, "obstacle \"\(name)\" max.\(axis)")
            guard low <= high else { throw .invertedBox(obstacle: name, axis: axis, minimum: low, maximum: high) }
        }
        self.name = name
        self.minimum = minimum
        self.maximum = maximum
        self.composition = checkedComposition
    }

    /// Whether the straight segment from `start` to `end` touches the box (its surface counts as inside).
    public func blocks(from start: Position, to end: Position) -> Bool {
        span(from: start, to: end) != nil
    }

    /// Whether this box and `other` share some volume (touching faces do not count).
    public func overlaps(_ other: Obstacle) -> Bool {
        let (a, b, c, d) = (minimum.metres, maximum.metres, other.minimum.metres, other.maximum.metres)
        return a.x < d.x && c.x < b.x && a.y < d.y && c.y < b.y && a.z < d.z && c.z < b.z
    }

    /// How the segment from `start` to `end` crosses the box, or nil if it misses it: how much
    /// longer than the slab's thickness its way through is (1 / cos of its angle to the box's
    /// thinnest axis, at most ``maximumObliquity``), and the detour round the box's nearest edge;
    /// none when an end lies inside the box (a device in a closed room has no way round its walls).
    public func crossing(from start: Position, to end: Position) -> ObstacleCrossing? {
        guard let (entry, exit) = span(from: start, to: end) else { return nil }
        let a = start.metres
        let d = end.metres - start.metres
        let length = d.length
        guard length > 0 else { return ObstacleCrossing(obliquity: 1, detour: nil) }
        let direction = d * (1 / length)
        let extent = maximum.metres - minimum.metres
        let thinnest = [extent.x, extent.y, extent.z].enumerated().min { $0.element < $1.element }?.offset ?? 0
        let cosine = abs(direction.component(thinnest))
        let obliquity = cosine > 1 / Self.maximumObliquity ? 1 / cosine : Self.maximumObliquity
        let inPoint = a + d * entry
        let outPoint = a + d * exit
        let middle = (entry + exit) / 2 * length
        guard entry > 0, exit < 1 else { return ObstacleCrossing(obliquity: obliquity, detour: nil) }
        var best: Double?
        for axis in 0..<3 {
            let across = (1 - direction.component(axis) * direction.component(axis)).squareRoot()
            guard across > 0.1 else { continue }
            let low = max(inPoint.component(axis), outPoint.component(axis)) - minimum.metres.component(axis)
            let high = maximum.metres.component(axis) - min(inPoint.component(axis), outPoint.component(axis))
            // A box standing on the floor (y = 0) has no way under it.
            let sides = axis == 1 && minimum.metres.y <= 0 ? [high] : [low, high]
            for side in sides where side >= 0 {
                let clearance = side * across
                best = best.map { min($0, clearance) } ?? clearance
            }
        }
        let detour = best.map {
            KnifeEdgeDetour(clearance: Distance(metres: $0), near: Distance(metres: middle), far: Distance(metres: length - middle))
        }
        return ObstacleCrossing(obliquity: obliquity, detour: detour)
    }

    /// The longest way through a slab, in thicknesses: a path at a grazing angle crosses at most
    /// this much of it [U: a modelling bound; a real slab's extent limits it].
    public static let maximumObliquity = 4.0

    /// The parameters t ∈ [0, 1] at which the segment enters and leaves the box, or nil if it
    /// misses it.
    ///
    /// Slab method (Kay and Kajiya, SIGGRAPH 1986): the segment p(t) = start + t·(end − start), t ∈ [0, 1], is
    /// clipped against the pair of planes of each axis; it hits the box when the three clipped intervals overlap.
    private func span(from start: Position, to end: Position) -> (Double, Double)? {
        var entry = 0.0
        var exit = 1.0
        let a = start.metres
        let d = end.metres - start.metres
        let low = minimum.metres
        let high = maximum.metres
        guard Self.clip(a.x, d.x, low.x, high.x, &entry, &exit),
              Self.clip(a.y, d.y, low.y, high.y, &entry, &exit),
              Self.clip(a.z, d.z, low.z, high.z, &entry, &exit)
        else { return nil }
        return (entry, exit)
    }

    /// Narrows [entry, exit] to the parameters where the segment lies between the planes `low` and `high` of
    /// one axis; false when nothing is left. A segment parallel to the planes is kept whole or rejected whole.
    private static func clip(
        _ origin: Double, _ direction: Double, _ low: Double, _ high: Double,
        _ entry: inout Double, _ exit: inout Double
    ) -> Bool {
        if direction == 0 {
            return origin >= low && origin <= high
        }
        let first = (low - origin) / direction
        let second = (high - origin) / direction
        entry = max(entry, min(first, second))
        exit = min(exit, max(first, second))
        return entry <= exit
    }
}

/// How a straight path crosses an ``Obstacle``.
public struct ObstacleCrossing: Hashable, Sendable {
    /// How many times the slab's thickness the path goes through (at least 1).
    public let obliquity: Double
    /// The way round the box's nearest edge, if the path can bend round one.
    public let detour: KnifeEdgeDetour?
}

extension Vector3 {
    /// The coordinate on axis 0 (x), 1 (y) or 2 (z).
    fileprivate func component(_ axis: Int) -> Double {
        switch axis {
        case 0: x
        case 1: y
        default: z
        }
    }
}
