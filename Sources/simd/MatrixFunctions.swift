// Apple's free matrix functions (simd/matrix.h), for both matrix types.

/// The matrix product `x` × `y` (the same as `x * y`).
public func simd_mul<Matrix: SIMDSquareMatrix>(_ x: Matrix, _ y: Matrix) -> Matrix {
    x * y
}

/// The matrix `x` applied to the column vector `y` (the same as `x * y`).
public func simd_mul<Matrix: SIMDSquareMatrix>(_ x: Matrix, _ y: Matrix.Column) -> Matrix.Column {
    x * y
}

/// The row vector `x` times the matrix `y` (the same as `x * y`).
public func simd_mul<Matrix: SIMDSquareMatrix>(_ x: Matrix.Column, _ y: Matrix) -> Matrix.Column {
    x * y
}

/// `x` mirrored in its diagonal (``SIMDSquareMatrix/transpose``).
public func simd_transpose<Matrix: SIMDSquareMatrix>(_ x: Matrix) -> Matrix {
    x.transpose
}

/// The inverse of `x` (``SIMDSquareMatrix/inverse``); non-finite for a singular matrix, as Apple's.
public func simd_inverse<Matrix: SIMDSquareMatrix>(_ x: Matrix) -> Matrix {
    x.inverse
}

/// The determinant of `x` (``SIMDSquareMatrix/determinant``).
public func simd_determinant<Matrix: SIMDSquareMatrix>(_ x: Matrix) -> Float {
    x.determinant
}

/// Whether every element of `x` is within `tol` of the same element of `y` (Apple's
/// `simd_almost_equal_elements`).
public func simd_almost_equal_elements<Matrix: SIMDSquareMatrix>(_ x: Matrix, _ y: Matrix, _ tol: Float) -> Bool {
    (0..<Matrix.dimension).allSatisfy { column in
        (0..<Matrix.dimension).allSatisfy { row in abs(x[column, row] - y[column, row]) <= tol }
    }
}

/// The 3 × 3 matrix with columns `col0`, `col1` and `col2` (Apple's `simd_matrix`).
public func simd_matrix(_ col0: simd_float3, _ col1: simd_float3, _ col2: simd_float3) -> simd_float3x3 {
    simd_float3x3(col0, col1, col2)
}

/// The 4 × 4 matrix with columns `col0` … `col3` (Apple's `simd_matrix`).
public func simd_matrix(_ col0: simd_float4, _ col1: simd_float4, _ col2: simd_float4, _ col3: simd_float4) -> simd_float4x4 {
    simd_float4x4(col0, col1, col2, col3)
}

/// The 3 × 3 matrix with `diagonal` on its diagonal (Apple's `simd_diagonal_matrix`).
public func simd_diagonal_matrix(_ diagonal: simd_float3) -> simd_float3x3 {
    simd_float3x3(diagonal: diagonal)
}

/// The 4 × 4 matrix with `diagonal` on its diagonal (Apple's `simd_diagonal_matrix`).
public func simd_diagonal_matrix(_ diagonal: simd_float4) -> simd_float4x4 {
    simd_float4x4(diagonal: diagonal)
}
