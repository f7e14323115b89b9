// Apple's geometric vector functions (simd/geometry.h), for every floating-point SIMD vector.

/// The dot product of `x` and `y`: the sum of their element-wise products.
public func simd_dot<V: SIMD>(_ x: V, _ y: V) -> V.Scalar where V.Scalar: FloatingPoint {
    (x * y).sum()
}

/// The square of the length of `x` (cheaper than ``simd_length(_:)``).
public func simd_length_squared<V: SIMD>(_ x: V) -> V.Scalar where V.Scalar: FloatingPoint {
    simd_dot(x, x)
}

/// The Euclidean length of `x`.
public func simd_length<V: SIMD>(_ x: V) -> V.Scalar where V.Scalar: FloatingPoint {
    simd_length_squared(x).squareRoot()
}

/// `x` scaled to unit length. As in Apple's `simd`, a zero vector gives NaNs: check the length first
/// where a vector may be zero.
public func simd_normalize<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint {
    x / simd_length(x)
}

/// The square of the distance between the points `x` and `y`.
public func simd_distance_squared<V: SIMD>(_ x: V, _ y: V) -> V.Scalar where V.Scalar: FloatingPoint {
    simd_length_squared(x - y)
}

/// The distance between the points `x` and `y`.
public func simd_distance<V: SIMD>(_ x: V, _ y: V) -> V.Scalar where V.Scalar: FloatingPoint {
    simd_length(x - y)
}

/// The cross product of `x` and `y`: perpendicular to both, right-handed, of length
/// |x| |y| sin θ.
public func simd_cross<Scalar: FloatingPoint & SIMDScalar>(_ x: SIMD3<Scalar>, _ y: SIMD3<Scalar>) -> SIMD3<Scalar> {
    SIMD3(x.y * y.z - x.z * y.y, x.z * y.x - x.x * y.z, x.x * y.y - x.y * y.x)
}

/// `x` reflected in the plane with unit normal `n` (Apple's `simd_reflect`).
public func simd_reflect<V: SIMD>(_ x: V, _ n: V) -> V where V.Scalar: FloatingPoint {
    x - 2 * simd_dot(x, n) * n
}

/// The projection of `x` onto `y` (Apple's `simd_project`).
public func simd_project<V: SIMD>(_ x: V, _ y: V) -> V where V.Scalar: FloatingPoint {
    simd_dot(x, y) / simd_dot(y, y) * y
}

// The unprefixed names Apple's Swift overlay gives the same functions.

/// The dot product of `x` and `y` (Apple's Swift name for ``simd_dot(_:_:)``).
public func dot<V: SIMD>(_ x: V, _ y: V) -> V.Scalar where V.Scalar: FloatingPoint {
    simd_dot(x, y)
}

/// The length of `x` (Apple's Swift name for ``simd_length(_:)``).
public func length<V: SIMD>(_ x: V) -> V.Scalar where V.Scalar: FloatingPoint {
    simd_length(x)
}

/// The square of the length of `x` (Apple's Swift name for ``simd_length_squared(_:)``).
public func length_squared<V: SIMD>(_ x: V) -> V.Scalar where V.Scalar: FloatingPoint {
    simd_length_squared(x)
}

/// `x` scaled to unit length (Apple's Swift name for ``simd_normalize(_:)``).
public func normalize<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint {
    simd_normalize(x)
}

/// The distance between `x` and `y` (Apple's Swift name for ``simd_distance(_:_:)``).
public func distance<V: SIMD>(_ x: V, _ y: V) -> V.Scalar where V.Scalar: FloatingPoint {
    simd_distance(x, y)
}

/// The square of the distance between `x` and `y` (Apple's Swift name for
/// ``simd_distance_squared(_:_:)``).
public func distance_squared<V: SIMD>(_ x: V, _ y: V) -> V.Scalar where V.Scalar: FloatingPoint {
    simd_distance_squared(x, y)
}

/// The cross product of `x` and `y` (Apple's Swift name for ``simd_cross(_:_:)``).
public func cross<Scalar: FloatingPoint & SIMDScalar>(_ x: SIMD3<Scalar>, _ y: SIMD3<Scalar>) -> SIMD3<Scalar> {
    simd_cross(x, y)
}
