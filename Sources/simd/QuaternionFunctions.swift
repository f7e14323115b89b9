// Apple's free quaternion functions (simd/quaternion.h) for `simd_quatf`.
import Foundation

/// The quaternion `r + ix i + iy j + iz k`.
public func simd_quaternion(_ ix: Float, _ iy: Float, _ iz: Float, _ r: Float) -> simd_quatf {
    simd_quatf(ix: ix, iy: iy, iz: iz, r: r)
}

/// The quaternion with the elements of `xyzr` (imaginary `x`, `y`, `z`, real `w`).
public func simd_quaternion(_ xyzr: simd_float4) -> simd_quatf {
    simd_quatf(vector: xyzr)
}

/// The quaternion with imaginary part `imag` and real part `real` (imaginary first, as Apple's).
public func simd_quaternion(_ imag: simd_float3, _ real: Float) -> simd_quatf {
    simd_quatf(real: real, imag: imag)
}

/// The rotation by `angle` radians about `axis` (``simd_quatf/init(angle:axis:)``).
public func simd_quaternion(_ angle: Float, _ axis: simd_float3) -> simd_quatf {
    simd_quatf(angle: angle, axis: axis)
}

/// The shortest rotation from the direction of `from` to that of `to` (``simd_quatf/init(from:to:)``).
public func simd_quaternion(_ from: simd_float3, _ to: simd_float3) -> simd_quatf {
    simd_quatf(from: from, to: to)
}

/// The rotation of a 3 × 3 rotation matrix.
public func simd_quaternion(_ matrix: simd_float3x3) -> simd_quatf {
    simd_quatf(matrix)
}

/// The rotation of the upper-left 3 × 3 of a 4 × 4 transform.
public func simd_quaternion(_ matrix: simd_float4x4) -> simd_quatf {
    simd_quatf(matrix)
}

/// `vector` rotated by `q` (``simd_quatf/act(_:)``).
public func simd_act(_ q: simd_quatf, _ vector: simd_float3) -> simd_float3 {
    q.act(vector)
}

/// The rotation angle of `q` in radians (``simd_quatf/angle``).
public func simd_angle(_ q: simd_quatf) -> Float {
    q.angle
}

/// The unit rotation axis of `q` (``simd_quatf/axis``).
public func simd_axis(_ q: simd_quatf) -> simd_float3 {
    q.axis
}

/// The real part of `q`.
public func simd_real(_ q: simd_quatf) -> Float {
    q.real
}

/// The imaginary part of `q`.
public func simd_imag(_ q: simd_quatf) -> simd_float3 {
    q.imag
}

/// The conjugate of `q` (``simd_quatf/conjugate``).
public func simd_conjugate(_ q: simd_quatf) -> simd_quatf {
    q.conjugate
}

/// The inverse of `q` (``simd_quatf/inverse``).
public func simd_inverse(_ q: simd_quatf) -> simd_quatf {
    q.inverse
}

/// `q` scaled to length 1 (``simd_quatf/normalized``).
public func simd_normalize(_ q: simd_quatf) -> simd_quatf {
    q.normalized
}

/// The length of `q` (``simd_quatf/length``).
public func simd_length(_ q: simd_quatf) -> Float {
    q.length
}

/// The dot product of `p` and `q` as four-element vectors.
public func simd_dot(_ p: simd_quatf, _ q: simd_quatf) -> Float {
    simd_dot(p.vector, q.vector)
}

/// The Hamilton product `p * q`.
public func simd_mul(_ p: simd_quatf, _ q: simd_quatf) -> simd_quatf {
    p * q
}

/// The spherical linear interpolation from `q0` (at `t` = 0) to `q1` (at `t` = 1) along the
/// shorter arc; nearly equal rotations interpolate linearly.
public func simd_slerp(_ q0: simd_quatf, _ q1: simd_quatf, _ t: Float) -> simd_quatf {
    let start = q0.normalized
    var end = q1.normalized
    var cosine = simd_dot(start, end)
    if cosine < 0 {
        end = -end
        cosine = -cosine
    }
    guard cosine < 0.9995 else {
        return simd_quatf(vector: simd_mix(start.vector, end.vector, simd_float4(repeating: t))).normalized
    }
    let theta: Float = acos(cosine)
    let sine: Float = sin(theta)
    let startWeight: Float = sin((1 - t) * theta) / sine
    let endWeight: Float = sin(t * theta) / sine
    return simd_quatf(vector: startWeight * start.vector + endWeight * end.vector)
}

/// The rotation matrix of `q` (``simd_float3x3/init(_:)``).
public func simd_matrix3x3(_ q: simd_quatf) -> simd_float3x3 {
    simd_float3x3(q)
}

/// The 4 × 4 rotation transform of `q` (``simd_float4x4/init(_:)``).
public func simd_matrix4x4(_ q: simd_quatf) -> simd_float4x4 {
    simd_float4x4(q)
}
