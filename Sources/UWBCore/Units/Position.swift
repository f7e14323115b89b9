/// A point in space whose coordinates are in metres.
public struct Position: Hashable, Sendable, CustomStringConvertible {
    /// The coordinates in metres.
    public var metres: Vector3

    /// A point at the given coordinates in metres.
    public init(metres: Vector3) {
        self.metres = metres
    }

    /// A point at (x, y, z) given as distances.
    public init(x: Distance, y: Distance, z: Distance) {
        self.metres = Vector3(x: x.metres, y: y.metres, z: z.metres)
    }

    /// The origin.
    public static let origin = Position(metres: .zero)

    /// The straight-line distance to another point.
    public func distance(to other: Position) -> Distance {
        Distance(metres: (other.metres - metres).length)
    }

    /// The coordinates with their unit, for example `[1.000, 0.000, 0.000] m`.
    public var description: String { "\(metres) m" }
}
