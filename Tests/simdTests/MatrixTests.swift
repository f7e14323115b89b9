import Foundation
import simd
import Testing

@Suite("simd: 3 × 3 and 4 × 4 matrices")
struct MatrixTests {
    /// A rigid transform: a quarter turn about z, then a translation.
    static let transform = simd_float4x4(
        simd_float4(0, 1, 0, 0), simd_float4(-1, 0, 0, 0), simd_float4(0, 0, 1, 0), simd_float4(2, 3, 4, 1))

    @Test("identity, columns and element subscripts")
    func layout() {
        #expect(matrix_identity_float4x4 == simd_float4x4(diagonal: simd_float4(repeating: 1)))
        #expect(matrix_identity_float3x3.columns.1 == simd_float3(0, 1, 0))
        var m = Self.transform
        #expect(m.columns.3 == simd_float4(2, 3, 4, 1))
        #expect(m[column: 1] == simd_float4(-1, 0, 0, 0))
        #expect(m[3, 0] == 2)
        m[3, 0] = 5
        m[column: 2] = simd_float4(0, 0, 2, 0)
        #expect(m.columns.3.x == 5 && m.columns.2.z == 2)
        #expect(simd_float3x3() == simd_float3x3(columns: (.zero, .zero, .zero)))
        #expect(simd_matrix(simd_float3(1, 0, 0), simd_float3(0, 1, 0), simd_float3(0, 0, 1)) == matrix_identity_float3x3)
        #expect(simd_diagonal_matrix(simd_float4(repeating: 1)) == matrix_identity_float4x4)
    }

    @Test("a transform moves a point and turns a direction")
    func transformVector() {
        let point = Self.transform * simd_float4(1, 0, 0, 1)
        #expect(point == simd_float4(2, 4, 4, 1))
        let direction = simd_mul(Self.transform, simd_float4(1, 0, 0, 0))
        #expect(direction == simd_float4(0, 1, 0, 0))
        // A row vector times the matrix is the transpose applied.
        #expect(simd_float4(1, 2, 3, 4) * Self.transform == Self.transform.transpose * simd_float4(1, 2, 3, 4))
    }

    @Test("products compose: the quarter turn four times is the identity")
    func products() {
        var rotation = Self.transform
        rotation.columns.3 = simd_float4(0, 0, 0, 1)
        #expect(rotation * rotation * rotation * rotation == matrix_identity_float4x4)
        #expect(simd_mul(rotation, matrix_identity_float4x4) == rotation)
        #expect(2 * matrix_identity_float3x3 == matrix_identity_float3x3 + matrix_identity_float3x3)
        #expect(matrix_identity_float3x3 - matrix_identity_float3x3 == simd_float3x3())
        #expect(-matrix_identity_float3x3 == matrix_identity_float3x3 * -1)
    }

    @Test("transpose swaps rows and columns")
    func transpose() {
        let m = simd_float3x3(simd_float3(1, 2, 3), simd_float3(4, 5, 6), simd_float3(7, 8, 9))
        let t = simd_transpose(m)
        #expect(t.columns.0 == simd_float3(1, 4, 7))
        #expect(t.transpose == m)
    }

    @Test("inverse × matrix = identity, and the determinant")
    func inverse() {
        let m = simd_float4x4(
            simd_float4(4, 7, 2, 0), simd_float4(3, 6, 1, 0), simd_float4(2, 5, 3, 0), simd_float4(1, -2, 8, 1))
        #expect(simd_almost_equal_elements(simd_inverse(m) * m, matrix_identity_float4x4, 1e-5))
        #expect(simd_almost_equal_elements(m * m.inverse, matrix_identity_float4x4, 1e-5))
        // The rigid transform's inverse undoes it: it takes the moved point back.
        #expect(close(Self.transform.inverse * simd_float4(2, 4, 4, 1), simd_float4(1, 0, 0, 1)))
        // det [[4,3,2],[7,6,5],[2,1,3]] (columns) = 4(18−5) − 3(21−10) + 2(7−12) = 52 − 33 − 10 = 9.
        #expect(close(simd_determinant(m), 9, within: 1e-4))
        #expect(close(matrix_identity_float3x3.determinant, 1))
        // A singular matrix: determinant 0, and a non-finite inverse as Apple's.
        let singular = simd_float3x3(simd_float3(1, 2, 3), simd_float3(2, 4, 6), simd_float3(0, 0, 1))
        #expect(singular.determinant == 0)
        #expect(!simd_inverse(singular).columns.0.x.isFinite || !simd_inverse(singular).columns.1.y.isFinite)
    }

    @Test("debug description lists the columns")
    func debugDescription() {
        #expect(matrix_identity_float3x3.debugDescription == "simd_float3x3([[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0]])")
    }
}
