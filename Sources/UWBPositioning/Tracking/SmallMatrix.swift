/// A dense matrix of a few rows and columns, row by row: the tracker's states and covariances
/// (at most 6 × 6).
struct SmallMatrix: Hashable, Sendable {
    let rows: Int
    let columns: Int
    var values: [Double]

    /// A `rows` × `columns` matrix of `values`, row by row.
    init(rows: Int, columns: Int, values: [Double]) {
        self.rows = rows
        self.columns = columns
        self.values = values
    }

    /// The `size` × `size` identity scaled by `scale`.
    static func identity(_ size: Int, scale: Double = 1) -> SmallMatrix {
        SmallMatrix(rows: size, columns: size, values: (0..<size * size).map { $0 / size == $0 % size ? scale : 0 })
    }

    subscript(row: Int, column: Int) -> Double {
        get { values[row * columns + column] }
        set { values[row * columns + column] = newValue }
    }

    var transposed: SmallMatrix {
        if rows == 1 || columns == 1 {
            // A vector's values read the same either way.
            return SmallMatrix(rows: columns, columns: rows, values: values)
        }
        var result = SmallMatrix(rows: columns, columns: rows, values: values)
        for row in 0..<rows {
            for column in 0..<columns {
                result[column, row] = self[row, column]
            }
        }
        return result
    }

    static func * (lhs: SmallMatrix, rhs: SmallMatrix) -> SmallMatrix {
        var result = SmallMatrix(rows: lhs.rows, columns: rhs.columns, values: Array(repeating: 0, count: lhs.rows * rhs.columns))
        for row in 0..<lhs.rows {
            for column in 0..<rhs.columns {
                var sum = 0.0
                for k in 0..<lhs.columns {
                    sum += lhs[row, k] * rhs[k, column]
                }
                result[row, column] = sum
            }
        }
        return result
    }

    /// `self` × `rhs`ᵀ, without building the transpose.
    func timesTransposed(_ rhs: SmallMatrix) -> SmallMatrix {
        var result = SmallMatrix(rows: rows, columns: rhs.rows, values: Array(repeating: 0, count: rows * rhs.rows))
        for row in 0..<rows {
            for column in 0..<rhs.rows {
                var sum = 0.0
                for k in 0..<columns {
                    sum += self[row, k] * rhs[column, k]
                }
                result[row, column] = sum
            }
        }
        return result
    }

    static func + (lhs: SmallMatrix, rhs: SmallMatrix) -> SmallMatrix {
        SmallMatrix(rows: lhs.rows, columns: lhs.columns, values: zip(lhs.values, rhs.values).map(+))
    }

    static func - (lhs: SmallMatrix, rhs: SmallMatrix) -> SmallMatrix {
        SmallMatrix(rows: lhs.rows, columns: lhs.columns, values: zip(lhs.values, rhs.values).map(-))
    }

    /// The inverse of this symmetric positive-definite matrix, or nil if it is not one to working
    /// precision (through ``NormalEquations``' Cholesky decomposition).
    var symmetricInverse: SmallMatrix? {
        NormalEquations(matrix: values, size: rows).inverse().map { SmallMatrix(rows: rows, columns: columns, values: $0) }
    }
}
