// NearbyInteraction's vector and matrix types (`simd_float3`, `simd_float4x4`) come from `simd`, and
// `import NearbyInteraction` makes them visible, as Apple's framework does. On Apple platforms this
// is the system's module; on Linux it is this package's (Sources/simd), with Apple's names.
@_exported import simd
