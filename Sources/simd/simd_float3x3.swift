/// A 3 × 3 matrix of `Float`s stored as three columns, as Apple's `simd_float3x3`: for example a
/// rotation. Its operators, ``SIMDSquareMatrix/transpose``, ``SIMDSquareMatrix/inverse`` and
/// ``SIMDSquareMatrix/determinant`` come from ``SIMDSquareMatrix``.
public struct simd_float3x3: SIMDSquareMatrix {
    /// The three columns, as Apple's `columns` tuple: `matrix.columns.0` is the first.
    public var columns: (simd_float3, simd_float3, simd_float3)

    /// The matrix with the given columns.
    public init(columns: (simd_float3, simd_float3, simd_float3)) {
        self.columns = columns
    }

    /// The matrix with columns `col0`, `col1` and `col2`.
    public init(_ col0: simd_float3, _ col1: simd_float3, _ col2: simd_float3) {
        columns = (col0, col1, col2)
    }

    /// The matrix whose column `i` is `column(i)`, for `i` in 0 … 2.
    public init(generatingColumns column: (Int) -> simd_float3) {
        columns = (column(0), column(1), column(2))
    }

    /// Column `column`, from 0. Traps for an index outside 0 … 2.
    public subscript(column column: Int) -> simd_float3 {
        get { ColumnTuple.column(column, of: columns, as: simd_float3.self) }
        set { ColumnTuple.setColumn(column, of: &columns, to: newValue) }
    }
}

/// Apple's older name of ``simd_float3x3``.
public typealias matrix_float3x3 = simd_float3x3

/// The 3 × 3 identity matrix, as Apple's `matrix_identity_float3x3`.
public let matrix_identity_float3x3 = simd_float3x3(1)
