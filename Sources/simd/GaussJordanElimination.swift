/// Gaussian and Gauss–Jordan elimination with partial pivoting on a square matrix, in `Double` for
/// accuracy: the determinant and the inverse of a ``SIMDSquareMatrix``.
struct GaussJordanElimination<Matrix: SIMDSquareMatrix> {
    /// The matrix being reduced, row-major: `rows[r][c]`.
    private var rows: [[Double]]
    /// The identity, transformed by the same row operations: the inverse once `rows` is the identity.
    private var inverseRows: [[Double]]
    /// The product of the pivots so far, with the sign of the row swaps.
    private var pivotProduct = 1.0

    /// The elimination of `matrix`, not yet started.
    init(_ matrix: Matrix) {
        let n = Matrix.dimension
        rows = (0..<n).map { row in (0..<n).map { column in Double(matrix[column: column][row]) } }
        inverseRows = (0..<n).map { row in (0..<n).map { column in row == column ? 1 : 0 } }
    }

    /// The determinant: eliminates below the diagonal and multiplies the pivots.
    mutating func determinant() -> Float {
        for pivot in 0..<Matrix.dimension {
            eliminate(column: pivot, above: false)
        }
        return Float(pivotProduct)
    }

    /// The inverse: eliminates above and below every pivot, then scales each row by its pivot. A
    /// zero pivot (a singular matrix) divides by zero there and leaves non-finite elements.
    mutating func inverse() -> Matrix {
        let n = Matrix.dimension
        for pivot in 0..<n {
            eliminate(column: pivot, above: true)
        }
        for row in 0..<n {
            let scale = rows[row][row]
            inverseRows[row] = inverseRows[row].map { $0 / scale }
        }
        return Matrix(generatingColumns: { column in
            var result = Matrix.Column()
            for row in 0..<n {
                result[row] = Float(inverseRows[row][column])
            }
            return result
        })
    }

    /// Brings the largest remaining element of `column` onto the diagonal and subtracts its row
    /// from every row below it (and above it if `above`) to zero the rest of the column.
    private mutating func eliminate(column pivot: Int, above: Bool) {
        let n = Matrix.dimension
        let best = (pivot..<n).max { abs(rows[$0][pivot]) < abs(rows[$1][pivot]) } ?? pivot
        if best != pivot {
            rows.swapAt(best, pivot)
            inverseRows.swapAt(best, pivot)
            pivotProduct = -pivotProduct
        }
        let pivotValue = rows[pivot][pivot]
        pivotProduct *= pivotValue
        // A zero pivot: the rest of the column is zero too, the matrix singular. Nothing to
        // subtract; the determinant is 0 and the inverse's final division gives non-finite values.
        guard pivotValue != 0 else { return }
        for row in 0..<n where row != pivot && (above || row > pivot) {
            let factor = rows[row][pivot] / pivotValue
            guard factor != 0 else { continue }
            for column in 0..<n {
                rows[row][column] -= factor * rows[pivot][column]
                inverseRows[row][column] -= factor * inverseRows[pivot][column]
            }
        }
    }
}
