import Foundation
import simd
import Testing

@Suite("simd: quaternions")
struct QuaternionTests {
    @Test("a quarter turn about z takes x to y, and y to −x")
    func quarterTurn() {
        let q = simd_quatf(angle: .pi / 2, axis: simd_float3(0, 0, 1))
        #expect(close(q.act(simd_float3(1, 0, 0)), simd_float3(0, 1, 0)))
        #expect(close(simd_act(q, simd_float3(0, 1, 0)), simd_float3(-1, 0, 0)))
        #expect(close(q.real, cos(.pi / 4)))
        #expect(close(q.angle, .pi / 2))
        #expect(close(q.axis, simd_float3(0, 0, 1)))
        #expect(close(simd_angle(q), .pi / 2) && close(simd_axis(q), simd_float3(0, 0, 1)))
    }

    @Test("a third of a turn about (1, 1, 1) cycles the axes")
    func cycle() {
        let q = simd_quaternion(2 * Float.pi / 3, simd_float3(1, 1, 1))
        #expect(close(q.act(simd_float3(1, 0, 0)), simd_float3(0, 1, 0)))
        #expect(close(q.act(simd_float3(0, 1, 0)), simd_float3(0, 0, 1)))
        #expect(close(q.act(simd_float3(0, 0, 1)), simd_float3(1, 0, 0)))
    }

    @Test("products compose rotations, right first; the inverse undoes")
    func composition() {
        let aboutZ = simd_quatf(angle: .pi / 2, axis: simd_float3(0, 0, 1))
        let aboutX = simd_quatf(angle: .pi / 2, axis: simd_float3(1, 0, 0))
        // x → (about z) y → (about x) z.
        #expect(close((aboutX * aboutZ).act(simd_float3(1, 0, 0)), simd_float3(0, 0, 1)))
        #expect(close(simd_mul(aboutX, aboutZ).vector, (aboutX * aboutZ).vector))
        let v = simd_float3(0.3, -2, 5)
        #expect(close((aboutZ.inverse * aboutZ).vector, simd_float4(0, 0, 0, 1)))
        #expect(close(simd_inverse(aboutX).act(aboutX.act(v)), v, within: 1e-5))
        #expect(close(aboutZ.conjugate.vector, aboutZ.inverse.vector))
    }

    @Test("the initializers agree")
    func initializers() {
        let q = simd_quatf(ix: 0, iy: 0, iz: sin(.pi / 4), r: cos(.pi / 4))
        #expect(close(q.vector, simd_quatf(angle: .pi / 2, axis: simd_float3(0, 0, 2)).vector))
        #expect(q == simd_quaternion(0, 0, sin(.pi / 4), cos(.pi / 4)))
        #expect(q == simd_quaternion(simd_float3(0, 0, sin(.pi / 4)), cos(.pi / 4)))
        #expect(q == simd_quatf(real: cos(.pi / 4), imag: simd_float3(0, 0, sin(.pi / 4))))
        #expect(q == simd_quaternion(q.vector))
        #expect(simd_real(q) == q.real && simd_imag(q) == q.imag)
        #expect(close(simd_length(q), 1) && close(simd_normalize(2 * q).vector, q.vector))
    }

    @Test("from one vector to another, including opposite ones")
    func fromTo() {
        let q = simd_quatf(from: simd_float3(1, 0, 0), to: simd_float3(0, 2, 0))
        #expect(close(q.act(simd_float3(1, 0, 0)), simd_float3(0, 1, 0)))
        let half = simd_quaternion(simd_float3(0, 0, -1), simd_float3(0, 0, 1))
        #expect(close(half.act(simd_float3(0, 0, -1)), simd_float3(0, 0, 1)))
        #expect(close(half.angle, .pi))
    }

    @Test("rotation matrices and quaternions convert both ways")
    func matrices() {
        let q = simd_quatf(angle: 0.7, axis: simd_float3(1, -2, 0.5))
        let m3 = simd_float3x3(q)
        let m4 = simd_float4x4(q)
        let v = simd_float3(0.2, 1, -3)
        #expect(close(m3 * v, q.act(v)))
        #expect(close(simd_make_float3(m4 * simd_make_float4(v, 1)), q.act(v)))
        #expect(m4.columns.3 == simd_float4(0, 0, 0, 1))
        #expect(close(simd_matrix4x4(q).columns.0, m4.columns.0) && close(simd_matrix3x3(q).columns.2, m3.columns.2))
        // Back: the same rotation (q or −q).
        for back in [simd_quatf(m3), simd_quaternion(m4)] {
            #expect(close(abs(simd_dot(back, q)), 1))
        }
        // Half turns, where Shepperd's method must not take the trace.
        for axis in [simd_float3(1, 0, 0), simd_float3(0, 1, 0), simd_float3(0, 0, 1)] {
            let half = simd_quatf(angle: .pi, axis: axis)
            #expect(close(abs(simd_dot(simd_quatf(simd_float3x3(half)), half)), 1))
        }
    }

    @Test("slerp halfway is half the angle")
    func slerp() {
        let start = simd_quatf(ix: 0, iy: 0, iz: 0, r: 1)
        let end = simd_quatf(angle: .pi / 2, axis: simd_float3(0, 1, 0))
        let middle = simd_slerp(start, end, 0.5)
        #expect(close(middle.angle, .pi / 4))
        #expect(close(simd_slerp(start, end, 1).vector, end.vector))
    }
}
