#if canImport(simd)
@_exported import simd
#else
/// A vector of three `Float`s, the type NearbyInteraction uses for ``NINearbyObject/direction``.
///
/// Apple platforms take `simd_float3` from the `simd` module; Linux has no `simd` module, so it is
/// the standard library's `SIMD3<Float>` here. Both have `x`, `y`, `z`, element-wise arithmetic and
/// `init(_:_:_:)`. Free functions of the `simd` module (`simd_length`, `simd_normalize`, `simd_dot`)
/// do not exist on Linux: use `(v * v).sum().squareRoot()` and the like.
public typealias simd_float3 = SIMD3<Float>
#endif
