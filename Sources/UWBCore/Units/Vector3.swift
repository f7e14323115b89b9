/// A vector in three dimensions with plain `Double` components.
///
/// Used for positions (in metres, see ``Position``) and for unit direction vectors in the
/// NearbyInteraction device frame: +x right, +y up, −z out of the back of the device.
public struct Vector3: Hashable, Sendable, CustomStringConvertible {
    /// The x component.
    public var x: Double
    /// The y component.
    public var y: Double
    /// The z component.
    public var z: Double

    /// A vector with the given components.
    public init(x: Double, y: Double, z: Double) {
        self.x = x
        self.y = y
        self.z = z
    }

    /// The zero vector.
    public static let zero = Vector3(x: 0, y: 0, z: 0)

    /// The Euclidean length. Inlinable, as the solver's and the medium's inner loops take many.
    @inlinable
    public var length: Double { (x * x + y * y + z * z).squareRoot() }

    /// The dot product with another vector.
    @inlinable
    public func dot(_ other: Vector3) -> Double { x * other.x + y * other.y + z * other.z }

    /// The component-wise sum.
    public static func + (lhs: Vector3, rhs: Vector3) -> Vector3 { Vector3(x: lhs.x + rhs.x, y: lhs.y + rhs.y, z: lhs.z + rhs.z) }

    /// The component-wise difference.
    public static func - (lhs: Vector3, rhs: Vector3) -> Vector3 { Vector3(x: lhs.x - rhs.x, y: lhs.y - rhs.y, z: lhs.z - rhs.z) }

    /// The vector scaled by a factor.
    public static func * (lhs: Vector3, rhs: Double) -> Vector3 { Vector3(x: lhs.x * rhs, y: lhs.y * rhs, z: lhs.z * rhs) }

    /// The components in brackets, for example `[0.000, 1.000, 0.000]`.
    public var description: String {
        "[\(formatted(x, decimals: 3)), \(formatted(y, decimals: 3)), \(formatted(z, decimals: 3))]"
    }
}
