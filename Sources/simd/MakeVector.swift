// Apple's vector constructors (simd/vector_make.h) for the Float vectors Nearby Interaction code uses.

/// A ``simd_float2`` of `x` and `y`.
public func simd_make_float2(_ x: Float, _ y: Float) -> simd_float2 {
    simd_float2(x, y)
}

/// The first two elements of `xyz`.
public func simd_make_float2(_ xyz: simd_float3) -> simd_float2 {
    simd_float2(xyz.x, xyz.y)
}

/// A ``simd_float3`` of `x`, `y` and `z`.
public func simd_make_float3(_ x: Float, _ y: Float, _ z: Float) -> simd_float3 {
    simd_float3(x, y, z)
}

/// `xy` extended with `z`.
public func simd_make_float3(_ xy: simd_float2, _ z: Float) -> simd_float3 {
    simd_float3(xy.x, xy.y, z)
}

/// The first three elements of `xyzw`: for example the translation of a 4 × 4 transform,
/// `simd_make_float3(transform.columns.3)`.
public func simd_make_float3(_ xyzw: simd_float4) -> simd_float3 {
    simd_float3(xyzw.x, xyzw.y, xyzw.z)
}

/// A ``simd_float4`` of `x`, `y`, `z` and `w`.
public func simd_make_float4(_ x: Float, _ y: Float, _ z: Float, _ w: Float) -> simd_float4 {
    simd_float4(x, y, z, w)
}

/// `xyz` extended with `w`: for example a point (`w` = 1) or a direction (`w` = 0) to multiply by a
/// 4 × 4 transform.
public func simd_make_float4(_ xyz: simd_float3, _ w: Float) -> simd_float4 {
    simd_float4(xyz.x, xyz.y, xyz.z, w)
}
