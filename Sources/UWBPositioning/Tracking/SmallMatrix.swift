import UWBCore

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
        product(lhs, rhs, rhsColumnStride: 1, rhsInnerStride: rhs.columns, columns: rhs.columns)
    }

    /// `self` × `rhs`ᵀ, without building the transpose.
    func timesTransposed(_ rhs: SmallMatrix) -> SmallMatrix {
        Self.product(self, rhs, rhsColumnStride: rhs.columns, rhsInnerStride: 1, columns: rhs.rows)
    }

    /// `lhs` × a matrix of `columns` columns whose element (k, column) is `rhs`'s value at
    /// column × `rhsColumnStride` + k × `rhsInnerStride`: `rhs` itself or its transpose. Each
    /// element is the sum of its products in the order of k, from zero; the values are read and
    /// written through their buffers, taken once.
    private static func product(
        _ lhs: SmallMatrix, _ rhs: SmallMatrix, rhsColumnStride: Int, rhsInnerStride: Int, columns: Int
    ) -> SmallMatrix {
        let (rows, inner) = (lhs.rows, lhs.columns)
        precondition(
            lhs.values.count >= rows * inner && rhs.values.count >= inner * columns && rhs.rows * rhs.columns == inner * columns,
            "the matrices' sizes do not allow their product")
        var values = [Double](zeros: rows * columns)
        values.withUnsafeMutableBufferPointer { result in
            lhs.values.withUnsafeBufferPointer { left in
                rhs.values.withUnsafeBufferPointer { right in
                    for row in 0..<rows {
                        for column in 0..<columns {
                            var sum = 0.0
                            for k in 0..<inner {
                                sum += left[row * inner + k] * right[column * rhsColumnStride + k * rhsInnerStride]
                            }
                            result[row * columns + column] = sum
                        }
                    }
                }
            }
        }
        return SmallMatrix(rows: rows, columns: columns, values: values)
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
