/// A 4 × 4 matrix of `Float`s stored as four columns, as Apple's `simd_float4x4`: for example a
/// rigid transform, whose `columns.3` holds the translation (as ARKit's and
/// `NISession.worldTransform(for:)`'s). Its operators, ``SIMDSquareMatrix/transpose``,
/// ``SIMDSquareMatrix/inverse`` and ``SIMDSquareMatrix/determinant`` come from ``SIMDSquareMatrix``.
public struct simd_float4x4: SIMDSquareMatrix {
    /// The four columns, as Apple's `columns` tuple: `matrix.columns.3` is the last.
    public var columns: (simd_float4, simd_float4, simd_float4, simd_float4)

    /// The matrix with the given columns.
    public init(columns: (simd_float4, simd_float4, simd_float4, simd_float4)) {
        self.columns = columns
    }

    /// The matrix with columns `col0` … `col3`.
    public init(_ col0: simd_float4, _ col1: simd_float4, _ col2: simd_float4, _ col3: simd_float4) {
        columns = (col0, col1, col2, col3)
    }

    /// The matrix whose column `i` is `column(i)`, for `i` in 0 … 3.
    public init(generatingColumns column: (Int) -> simd_float4) {
        columns = (column(0), column(1), column(2), column(3))
    }

    /// Column `column`, from 0. Traps for an index outside 0 … 3.
    public subscript(column column: Int) -> simd_float4 {
        get { ColumnTuple.column(column, of: columns, as: simd_float4.self) }
        set { ColumnTuple.setColumn(column, of: &columns, to: newValue) }
    }
}

/// Apple's older name of ``simd_float4x4``; Nearby Interaction's Objective-C sentinel
/// `NINearbyObjectWorldTransformNotAvailable` has this type.
public typealias matrix_float4x4 = simd_float4x4

/// The 4 × 4 identity matrix, as Apple's `matrix_identity_float4x4`.
public let matrix_identity_float4x4 = simd_float4x4(1)
