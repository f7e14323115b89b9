import UWBCore

/// An axis-aligned box that blocks the direct path (a wall, a cabinet, a person) and attenuates signals
/// crossing it.
public struct Obstacle: Hashable, Sendable {
    /// A name for messages and traces, for example `"wall"`.
    public let name: String
    /// The corner with the smallest coordinates.
    public let minimum: Position
    /// The corner with the largest coordinates.
    public let maximum: Position
    /// The extra loss of a path that crosses the box.
    public let attenuation: PowerRatio

    /// A box from two corners.
    ///
    /// - Throws: ``ChannelModelError`` if a coordinate or the attenuation is not finite, the attenuation is
    ///   negative, or `minimum` exceeds `maximum` on an axis. A box may be flat (zero thickness) on an axis.
    public init(name: String, minimum: Position, maximum: Position, attenuation: PowerRatio) throws(ChannelModelError) {
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
        self.attenuation = PowerRatio(
            decibels: try ChannelModelError.nonNegative(attenuation.decibels, "obstacle \"\(name)\" attenuationDB"))
    }

    /// Whether the straight segment from `start` to `end` touches the box (its surface counts as inside).
    ///
    /// Slab method (Kay and Kajiya, SIGGRAPH 1986): the segment p(t) = start + t·(end − start), t ∈ [0, 1], is
    /// clipped against the pair of planes of each axis; it hits the box when the three clipped intervals overlap.
    public func blocks(from start: Position, to end: Position) -> Bool {
        var entry = 0.0
        var exit = 1.0
        let a = start.metres
        let d = end.metres - start.metres
        let low = minimum.metres
        let high = maximum.metres
        return Self.clip(a.x, d.x, low.x, high.x, &entry, &exit)
            && Self.clip(a.y, d.y, low.y, high.y, &entry, &exit)
            && Self.clip(a.z, d.z, low.z, high.z, &entry, &exit)
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
