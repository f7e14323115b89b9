// The vector type names of Apple's `simd` module. On Apple platforms they name the same standard
// library types (`simd_float3` is `SIMD3<Float>`), so code written with either spelling is portable.

/// Two `Float`s: `SIMD2<Float>`, as in Apple's `simd`.
public typealias simd_float2 = SIMD2<Float>
/// Three `Float`s: `SIMD3<Float>`, as in Apple's `simd`. Nearby Interaction's direction vectors.
public typealias simd_float3 = SIMD3<Float>
/// Four `Float`s: `SIMD4<Float>`, as in Apple's `simd`.
public typealias simd_float4 = SIMD4<Float>
/// Two `Double`s: `SIMD2<Double>`, as in Apple's `simd`.
public typealias simd_double2 = SIMD2<Double>
/// Three `Double`s: `SIMD3<Double>`, as in Apple's `simd` (Nearby Interaction's DL-TDOA coordinates).
public typealias simd_double3 = SIMD3<Double>
/// Four `Double`s: `SIMD4<Double>`, as in Apple's `simd`.
public typealias simd_double4 = SIMD4<Double>
/// Two `Int32`s: `SIMD2<Int32>`, as in Apple's `simd`.
public typealias simd_int2 = SIMD2<Int32>
/// Three `Int32`s: `SIMD3<Int32>`, as in Apple's `simd`.
public typealias simd_int3 = SIMD3<Int32>
/// Four `Int32`s: `SIMD4<Int32>`, as in Apple's `simd`.
public typealias simd_int4 = SIMD4<Int32>

/// The older name of ``simd_float2`` that Apple's `simd` keeps (`vector_float2`).
public typealias vector_float2 = simd_float2
/// The older name of ``simd_float3`` that Apple's `simd` keeps (`vector_float3`).
public typealias vector_float3 = simd_float3
/// The older name of ``simd_float4`` that Apple's `simd` keeps (`vector_float4`).
public typealias vector_float4 = simd_float4
/// The older name of ``simd_double3`` that Apple's `simd` keeps (`vector_double3`).
public typealias vector_double3 = simd_double3
