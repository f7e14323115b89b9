// Apple's element-wise functions (simd/common.h) for floating-point vectors and scalars.

/// The absolute value of every element of `x`.
public func simd_abs<V: SIMD>(_ x: V) -> V where V.Scalar: FloatingPoint {
    var result = x
    for index in result.indices {
        result[index] = x[index].magnitude
    }
    return result
}

/// The smaller of `x` and `y` in every element.
public func simd_min<V: SIMD>(_ x: V, _ y: V) -> V where V.Scalar: FloatingPoint {
    pointwiseMin(x, y)
}

/// The larger of `x` and `y` in every element.
public func simd_max<V: SIMD>(_ x: V, _ y: V) -> V where V.Scalar: FloatingPoint {
    pointwiseMax(x, y)
}

/// Every element of `x` limited to the range `min` … `max` of the same element.
public func simd_clamp<V: SIMD>(_ x: V, _ min: V, _ max: V) -> V where V.Scalar: FloatingPoint {
    simd_min(simd_max(x, min), max)
}

/// `x` limited to `min` … `max`.
public func simd_clamp<Scalar: FloatingPoint>(_ x: Scalar, _ min: Scalar, _ max: Scalar) -> Scalar {
    Swift.min(Swift.max(x, min), max)
}

/// The linear interpolation from `x` (at `t` = 0) to `y` (at `t` = 1), element by element.
public func simd_mix<V: SIMD>(_ x: V, _ y: V, _ t: V) -> V where V.Scalar: FloatingPoint {
    x + t * (y - x)
}

/// The linear interpolation from `x` (at `t` = 0) to `y` (at `t` = 1).
public func simd_mix<Scalar: FloatingPoint>(_ x: Scalar, _ y: Scalar, _ t: Scalar) -> Scalar {
    x + t * (y - x)
}

/// The linear interpolation from `x` to `y` (Apple's Swift name for `simd_mix`).
public func mix<V: SIMD>(_ x: V, _ y: V, t: V.Scalar) -> V where V.Scalar: FloatingPoint {
    x + t * (y - x)
}
