import simd
import Testing

/// Apple's `simd` brings the C math library along (its headers include `<math.h>`), so NearbyInteraction
/// sample code calls `asin`, `atan2` and the like with only `import simd`; here too.
@Suite("simd: the C math functions come with it")
struct CMathTests {
    /// Azimuth and elevation of a direction the way Apple's NIPeekaboo sample works them out.
    private func angles(of direction: simd_float3) -> (azimuth: Float, elevation: Float) {
        (atan2(direction.x, -direction.z), asin(direction.y))
    }

    @Test("atan2 and asin of a unit direction, with nothing imported but simd")
    func peekabooAngles() {
        let direction = simd_normalize(simd_float3(1, 1, -1))
        let (azimuth, elevation) = angles(of: direction)
        #expect(abs(azimuth - .pi / 4) < 1e-6)
        #expect(abs(elevation - asin(1 / sqrt(3))) < 1e-6)
        #expect(abs(cos(Double.pi) + 1) < 1e-12)
    }
}
