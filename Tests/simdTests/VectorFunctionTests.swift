import simd
import Testing

@Suite("simd: vector functions with Apple's names")
struct VectorFunctionTests {
    @Test("the type names are the standard library's SIMD types")
    func typeNames() {
        let v: simd_float3 = SIMD3<Float>(1, 2, 3)
        let w: vector_float3 = v
        let d: simd_double3 = SIMD3<Double>(1, 2, 3)
        #expect(w == v)
        #expect(d.z == 3)
        #expect(simd_make_float3(1, 2, 3) == v)
        #expect(simd_make_float3(simd_float2(1, 2), 3) == v)
        #expect(simd_make_float3(simd_float4(1, 2, 3, 4)) == v)
        #expect(simd_make_float4(v, 1) == simd_float4(1, 2, 3, 1))
        #expect(simd_make_float4(1, 2, 3, 4) == simd_float4(1, 2, 3, 4))
        #expect(simd_make_float2(v) == simd_float2(1, 2))
    }

    @Test("dot and cross of the unit vectors")
    func unitVectors() {
        let x = simd_float3(1, 0, 0), y = simd_float3(0, 1, 0), z = simd_float3(0, 0, 1)
        #expect(simd_dot(x, y) == 0)
        #expect(simd_dot(z, z) == 1)
        #expect(simd_cross(x, y) == z)
        #expect(simd_cross(y, z) == x)
        #expect(simd_cross(z, x) == y)
        #expect(simd_cross(y, x) == -z)
        #expect(cross(x, y) == z && dot(x, x) == 1)
    }

    @Test("length, normalize and distance of a 3-4-5 triangle")
    func lengths() {
        let v = simd_float3(3, 4, 0)
        #expect(simd_length(v) == 5)
        #expect(simd_length_squared(v) == 25)
        #expect(close(simd_normalize(v), simd_float3(0.6, 0.8, 0)))
        #expect(simd_distance(simd_float3(1, 1, 1), simd_float3(4, 5, 1)) == 5)
        #expect(simd_distance_squared(simd_double3(0, 0, 0), simd_double3(0, 3, 4)) == 25)
        #expect(length(v) == 5 && distance(v, .zero) == 5 && close(normalize(v), simd_normalize(v)))
        // As Apple's: a zero vector has no direction.
        #expect(simd_normalize(simd_float3.zero).x.isNaN)
    }

    @Test("element-wise abs, min, max, clamp and mix")
    func elementwise() {
        let a = simd_float3(-1, 2, -0.5), b = simd_float3(0, 1, 3)
        #expect(simd_abs(a) == simd_float3(1, 2, 0.5))
        #expect(simd_min(a, b) == simd_float3(-1, 1, -0.5))
        #expect(simd_max(a, b) == simd_float3(0, 2, 3))
        #expect(simd_clamp(simd_float3(-2, 0.5, 7), simd_float3(repeating: 0), simd_float3(repeating: 1)) == simd_float3(0, 0.5, 1))
        #expect(simd_clamp(Float(7), 0, 1) == 1)
        #expect(simd_mix(simd_float3(0, 0, 0), simd_float3(2, 4, 6), simd_float3(repeating: 0.5)) == simd_float3(1, 2, 3))
        #expect(simd_mix(Float(1), 3, 0.25) == 1.5)
        #expect(mix(simd_float3(0, 0, 0), simd_float3(2, 4, 6), t: 0.5) == simd_float3(1, 2, 3))
        #expect(simd_reflect(simd_float3(1, -1, 0), simd_float3(0, 1, 0)) == simd_float3(1, 1, 0))
        #expect(simd_project(simd_float3(2, 3, 0), simd_float3(1, 0, 0)) == simd_float3(2, 0, 0))
    }
}
