/// What ``simd_float3x3`` and ``simd_float4x4`` share: square matrices of `Float`s stored as
/// columns, with Apple's operators, ``transpose``, ``inverse`` and ``determinant`` written once.
///
/// A swift-uwb detail of the Linux `simd` module: Apple's `simd` has no such protocol (its matrix
/// types get the same members from its Swift overlay), so portable code names the concrete types,
/// never this protocol.
public protocol SIMDSquareMatrix: Equatable, Sendable, CustomDebugStringConvertible {
    /// One column: as many `Float`s as the matrix has rows (and columns).
    associatedtype Column: SIMD where Column.Scalar == Float

    /// The matrix whose column `i` is `column(i)`, for every column index.
    init(generatingColumns column: (Int) -> Column)

    /// Column `column`, from 0. Traps for an index outside the matrix, as Apple's and as `Array`'s
    /// subscripts do.
    subscript(column column: Int) -> Column { get set }
}

extension SIMDSquareMatrix {
    /// The number of rows and of columns.
    static var dimension: Int { Column.scalarCount }

    /// The zero matrix.
    public init() {
        self.init(generatingColumns: { _ in Column() })
    }

    /// The matrix with `diagonal` on its diagonal and zeros elsewhere.
    public init(diagonal: Column) {
        self.init(generatingColumns: { index in
            var column = Column()
            column[index] = diagonal[index]
            return column
        })
    }

    /// The matrix with `scalar` at every place of its diagonal and zeros elsewhere: `init(1)` is
    /// the identity.
    public init(_ scalar: Float) {
        self.init(diagonal: Column(repeating: scalar))
    }

    /// The element in column `column` and row `row`, both from 0.
    public subscript(column: Int, row: Int) -> Float {
        get { self[column: column][row] }
        set { self[column: column][row] = newValue }
    }

    /// The matrix mirrored in its diagonal: rows become columns.
    public var transpose: Self {
        Self(generatingColumns: { column in
            var result = Column()
            for row in 0..<Self.dimension {
                result[row] = self[column: row][column]
            }
            return result
        })
    }

    /// The determinant, by Gaussian elimination with partial pivoting.
    public var determinant: Float {
        var elimination = GaussJordanElimination(self)
        return elimination.determinant()
    }

    /// The inverse, by Gauss–Jordan elimination with partial pivoting. As Apple's `simd_inverse`,
    /// a singular matrix gives non-finite elements (infinities or NaNs), not an error: check the
    /// ``determinant`` first where a matrix may be singular.
    public var inverse: Self {
        var elimination = GaussJordanElimination(self)
        return elimination.inverse()
    }

    /// The rows and columns, for logs, as Apple's: `simd_float3x3([[1.0, 0.0, 0.0], …])`, one
    /// bracket per column.
    public var debugDescription: String {
        let columns = (0..<Self.dimension).map { index in
            let column = self[column: index]
            return "[" + (0..<Self.dimension).map { "\(column[$0])" }.joined(separator: ", ") + "]"
        }
        return "\(Self.self)([" + columns.joined(separator: ", ") + "])"
    }

    /// Whether every element of `lhs` equals the same element of `rhs`.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        (0..<dimension).allSatisfy { lhs[column: $0] == rhs[column: $0] }
    }

    // MARK: Products

    /// The matrix product `lhs` × `rhs`: apply `rhs`, then `lhs`.
    public static func * (lhs: Self, rhs: Self) -> Self {
        Self(generatingColumns: { lhs * rhs[column: $0] })
    }

    /// The matrix `lhs` applied to the column vector `rhs`.
    public static func * (lhs: Self, rhs: Column) -> Column {
        (0..<dimension).reduce(Column()) { sum, index in sum + lhs[column: index] * rhs[index] }
    }

    /// The row vector `lhs` times the matrix `rhs`: the same as `rhs.transpose * lhs`.
    public static func * (lhs: Column, rhs: Self) -> Column {
        var result = Column()
        for index in 0..<dimension {
            result[index] = (lhs * rhs[column: index]).sum()
        }
        return result
    }

    /// Every element of `rhs` times `lhs`.
    public static func * (lhs: Float, rhs: Self) -> Self {
        Self(generatingColumns: { lhs * rhs[column: $0] })
    }

    /// Every element of `lhs` times `rhs`.
    public static func * (lhs: Self, rhs: Float) -> Self {
        rhs * lhs
    }

    /// `lhs` replaced by `lhs` × `rhs`.
    public static func *= (lhs: inout Self, rhs: Self) {
        lhs = lhs * rhs
    }

    /// `lhs` with every element times `rhs`.
    public static func *= (lhs: inout Self, rhs: Float) {
        lhs = rhs * lhs
    }

    // MARK: Sums

    /// The element-wise sum.
    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(generatingColumns: { lhs[column: $0] + rhs[column: $0] })
    }

    /// The element-wise difference.
    public static func - (lhs: Self, rhs: Self) -> Self {
        Self(generatingColumns: { lhs[column: $0] - rhs[column: $0] })
    }

    /// Every element negated.
    public static prefix func - (matrix: Self) -> Self {
        Self(generatingColumns: { -matrix[column: $0] })
    }

    /// `lhs` replaced by the element-wise sum.
    public static func += (lhs: inout Self, rhs: Self) {
        lhs = lhs + rhs
    }

    /// `lhs` replaced by the element-wise difference.
    public static func -= (lhs: inout Self, rhs: Self) {
        lhs = lhs - rhs
    }
}
