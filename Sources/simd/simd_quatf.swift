import Foundation

/// A single-precision quaternion, as Apple's `simd_quatf`: `vector` holds the imaginary part in
/// `x`, `y`, `z` and the real part in `w`. A unit quaternion is a rotation: ``act(_:)`` rotates a
/// vector by it, and `q1 * q2` is the rotation `q2` followed by `q1`.
public struct simd_quatf: Equatable, Hashable, Sendable, CustomDebugStringConvertible {
    /// The four elements: imaginary part `x`, `y`, `z`, real part `w`.
    public var vector: simd_float4

    /// The zero quaternion (not a rotation; the identity rotation is `simd_quatf(ix: 0, iy: 0, iz: 0, r: 1)`).
    public init() {
        vector = simd_float4()
    }

    /// The quaternion with the elements of `vector` (imaginary `x`, `y`, `z`, real `w`).
    public init(vector: simd_float4) {
        self.vector = vector
    }

    /// The quaternion `r + ix i + iy j + iz k`.
    public init(ix: Float, iy: Float, iz: Float, r: Float) {
        vector = simd_float4(ix, iy, iz, r)
    }

    /// The quaternion with real part `real` and imaginary part `imag`.
    public init(real: Float, imag: simd_float3) {
        vector = simd_make_float4(imag, real)
    }

    /// The rotation by `angle` radians about `axis`, counter-clockwise looking down the axis toward
    /// the origin (right-handed). `axis` is normalized here; a zero axis gives NaNs, as Apple's.
    public init(angle: Float, axis: simd_float3) {
        self.init(real: cos(angle / 2), imag: sin(angle / 2) * simd_normalize(axis))
    }

    /// The shortest rotation that turns the direction of `from` into the direction of `to` (both
    /// normalized here). Opposite vectors turn half a turn about an axis perpendicular to `from`.
    public init(from: simd_float3, to: simd_float3) {
        let a = simd_normalize(from)
        let b = simd_normalize(to)
        let cosine = simd_dot(a, b)
        guard cosine > -1 + 1e-6 else {
            // Half a turn: about whichever of x and y is less aligned with `a`, made perpendicular.
            let other: simd_float3 = abs(a.x) < 0.9 ? simd_float3(1, 0, 0) : simd_float3(0, 1, 0)
            self.init(real: 0, imag: simd_normalize(simd_cross(a, other)))
            return
        }
        // The half-angle quaternion (1 + a·b, a × b), normalized.
        self.init(vector: simd_normalize(simd_make_float4(simd_cross(a, b), 1 + cosine)))
    }

    /// The rotation of the rotation matrix `rotationMatrix` (orthonormal, determinant 1).
    public init(_ rotationMatrix: simd_float3x3) {
        self.init(rotationMatrix: { column, row in rotationMatrix[column, row] })
    }

    /// The rotation of the upper-left 3 × 3 of `rotationMatrix` (orthonormal, determinant 1); its
    /// translation is ignored.
    public init(_ rotationMatrix: simd_float4x4) {
        self.init(rotationMatrix: { column, row in rotationMatrix[column, row] })
    }

    /// The rotation of the 3 × 3 rotation matrix whose element at (column, row) is `m`, by
    /// Shepperd's method: from the largest of the trace and the diagonal, for accuracy.
    private init(rotationMatrix m: (Int, Int) -> Float) {
        let trace = m(0, 0) + m(1, 1) + m(2, 2)
        if trace > 0 {
            let s = (trace + 1).squareRoot() * 2
            self.init(ix: (m(1, 2) - m(2, 1)) / s, iy: (m(2, 0) - m(0, 2)) / s, iz: (m(0, 1) - m(1, 0)) / s, r: s / 4)
        } else if m(0, 0) > m(1, 1), m(0, 0) > m(2, 2) {
            let s = (1 + m(0, 0) - m(1, 1) - m(2, 2)).squareRoot() * 2
            self.init(ix: s / 4, iy: (m(1, 0) + m(0, 1)) / s, iz: (m(2, 0) + m(0, 2)) / s, r: (m(1, 2) - m(2, 1)) / s)
        } else if m(1, 1) > m(2, 2) {
            let s = (1 + m(1, 1) - m(0, 0) - m(2, 2)).squareRoot() * 2
            self.init(ix: (m(1, 0) + m(0, 1)) / s, iy: s / 4, iz: (m(2, 1) + m(1, 2)) / s, r: (m(2, 0) - m(0, 2)) / s)
        } else {
            let s = (1 + m(2, 2) - m(0, 0) - m(1, 1)).squareRoot() * 2
            self.init(ix: (m(2, 0) + m(0, 2)) / s, iy: (m(2, 1) + m(1, 2)) / s, iz: s / 4, r: (m(0, 1) - m(1, 0)) / s)
        }
    }

    // MARK: Parts

    /// The real part.
    public var real: Float {
        get { vector.w }
        set { vector.w = newValue }
    }

    /// The imaginary part.
    public var imag: simd_float3 {
        get { simd_make_float3(vector) }
        set { vector = simd_make_float4(newValue, vector.w) }
    }

    /// The rotation angle in radians, in 0 … 2π: `2 atan2(|imag|, real)`.
    public var angle: Float {
        2 * atan2(simd_length(imag), real)
    }

    /// The unit rotation axis. A quaternion without rotation (zero imaginary part) has no axis:
    /// swift-uwb answers (1, 0, 0) for it, where Apple's normalizes the zero vector.
    public var axis: simd_float3 {
        let length = simd_length(imag)
        return length > 0 ? imag / length : simd_float3(1, 0, 0)
    }

    /// The length (norm) of the quaternion; 1 for a rotation.
    public var length: Float {
        simd_length(vector)
    }

    /// The quaternion scaled to length 1.
    public var normalized: simd_quatf {
        simd_quatf(vector: simd_normalize(vector))
    }

    /// The conjugate: the imaginary part negated. For a rotation, the reverse rotation.
    public var conjugate: simd_quatf {
        simd_quatf(real: real, imag: -imag)
    }

    /// The multiplicative inverse: the conjugate divided by the squared length.
    public var inverse: simd_quatf {
        simd_quatf(vector: conjugate.vector / simd_length_squared(vector))
    }

    // MARK: Rotation

    /// `vector` rotated by this quaternion (normalized first): `q v q⁻¹`.
    public func act(_ vector: simd_float3) -> simd_float3 {
        let q = normalized
        // v + 2 r (u × v) + 2 u × (u × v), with u the imaginary part and r the real part.
        let t = 2 * simd_cross(q.imag, vector)
        return vector + q.real * t + simd_cross(q.imag, t)
    }

    // MARK: Operators

    /// The Hamilton product: for rotations, `rhs` followed by `lhs`.
    public static func * (lhs: simd_quatf, rhs: simd_quatf) -> simd_quatf {
        simd_quatf(
            real: lhs.real * rhs.real - simd_dot(lhs.imag, rhs.imag),
            imag: lhs.real * rhs.imag + rhs.real * lhs.imag + simd_cross(lhs.imag, rhs.imag))
    }

    /// Every element of `rhs` times `lhs`.
    public static func * (lhs: Float, rhs: simd_quatf) -> simd_quatf {
        simd_quatf(vector: lhs * rhs.vector)
    }

    /// Every element of `lhs` times `rhs`.
    public static func * (lhs: simd_quatf, rhs: Float) -> simd_quatf {
        simd_quatf(vector: lhs.vector * rhs)
    }

    /// `lhs` times the inverse of `rhs`.
    public static func / (lhs: simd_quatf, rhs: simd_quatf) -> simd_quatf {
        lhs * rhs.inverse
    }

    /// Every element of `lhs` divided by `rhs`.
    public static func / (lhs: simd_quatf, rhs: Float) -> simd_quatf {
        simd_quatf(vector: lhs.vector / rhs)
    }

    /// The element-wise sum.
    public static func + (lhs: simd_quatf, rhs: simd_quatf) -> simd_quatf {
        simd_quatf(vector: lhs.vector + rhs.vector)
    }

    /// The element-wise difference.
    public static func - (lhs: simd_quatf, rhs: simd_quatf) -> simd_quatf {
        simd_quatf(vector: lhs.vector - rhs.vector)
    }

    /// Every element negated: the same rotation.
    public static prefix func - (quaternion: simd_quatf) -> simd_quatf {
        simd_quatf(vector: -quaternion.vector)
    }

    /// `lhs` replaced by `lhs * rhs`.
    public static func *= (lhs: inout simd_quatf, rhs: simd_quatf) {
        lhs = lhs * rhs
    }

    /// The real and imaginary parts, for logs, as Apple's: `simd_quatf(real: 1.0, imag: SIMD3<Float>(0.0, 0.0, 0.0))`.
    public var debugDescription: String {
        "simd_quatf(real: \(real), imag: \(imag))"
    }
}

extension simd_float3x3 {
    /// The rotation matrix of `quaternion` (normalized first).
    public init(_ quaternion: simd_quatf) {
        let q = quaternion.normalized
        self.init(q.act(simd_float3(1, 0, 0)), q.act(simd_float3(0, 1, 0)), q.act(simd_float3(0, 0, 1)))
    }
}

extension simd_float4x4 {
    /// The rigid transform that rotates by `quaternion` (normalized first) and does not translate.
    public init(_ quaternion: simd_quatf) {
        let rotation = simd_float3x3(quaternion)
        self.init(
            simd_make_float4(rotation.columns.0, 0), simd_make_float4(rotation.columns.1, 0),
            simd_make_float4(rotation.columns.2, 0), simd_float4(0, 0, 0, 1))
    }
}
