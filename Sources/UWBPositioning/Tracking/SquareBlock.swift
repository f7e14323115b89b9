/// A square matrix of 2 × 2 or 3 × 3 held inline, without heap storage: a block of the tracker's
/// covariance (position against position, position against velocity, velocity against velocity)
/// and a fix's covariance, in 2-D or 3-D. Element (row, column) is at row × 3 + column; a 2 × 2
/// block has zeros in its third row and column, so sums and products need not know its size.
struct SquareBlock: Hashable, Sendable {
    /// 2 or 3.
    let size: Int
    private var storage: SIMD16<Double>

    private init(size: Int, storage: SIMD16<Double>) {
        self.size = size
        self.storage = storage
    }

    /// The `size` × `size` block of `values`, row by row.
    init(size: Int, values: [Double]) {
        precondition(size == 2 || size == 3, "a block is 2 × 2 or 3 × 3")
        precondition(values.count == size * size, "a block needs one value per element")
        var storage = SIMD16<Double>()
        for row in 0..<size {
            for column in 0..<size {
                storage[row * 3 + column] = values[row * size + column]
            }
        }
        self.init(size: size, storage: storage)
    }

    /// The `size` × `size` identity times `scale`.
    static func identity(size: Int, scale: Double = 1) -> SquareBlock {
        var storage = SIMD16<Double>()
        for axis in 0..<size {
            storage[axis * 3 + axis] = scale
        }
        return SquareBlock(size: size, storage: storage)
    }

    /// The `size` × `size` zero.
    static func zero(size: Int) -> SquareBlock {
        SquareBlock(size: size, storage: SIMD16<Double>())
    }

    subscript(row: Int, column: Int) -> Double {
        storage[row * 3 + column]
    }

    /// Its elements, row by row.
    var values: [Double] {
        // Reserved then appended: one array, where a flat map of maps makes one per row.
        var values: [Double] = []
        values.reserveCapacity(size * size)
        for row in 0..<size {
            for column in 0..<size {
                values.append(storage[row * 3 + column])
            }
        }
        return values
    }

    var transposed: SquareBlock {
        var result = SIMD16<Double>()
        for row in 0..<3 {
            for column in 0..<3 {
                result[column * 3 + row] = storage[row * 3 + column]
            }
        }
        return SquareBlock(size: size, storage: result)
    }

    static func + (lhs: SquareBlock, rhs: SquareBlock) -> SquareBlock {
        SquareBlock(size: lhs.size, storage: lhs.storage + rhs.storage)
    }

    static func - (lhs: SquareBlock, rhs: SquareBlock) -> SquareBlock {
        SquareBlock(size: lhs.size, storage: lhs.storage - rhs.storage)
    }

    static func * (scale: Double, block: SquareBlock) -> SquareBlock {
        SquareBlock(size: block.size, storage: scale * block.storage)
    }

    static func * (lhs: SquareBlock, rhs: SquareBlock) -> SquareBlock {
        var result = SIMD16<Double>()
        for row in 0..<3 {
            for column in 0..<3 {
                result[row * 3 + column] = lhs.storage[row * 3] * rhs.storage[column]
                    + lhs.storage[row * 3 + 1] * rhs.storage[3 + column] + lhs.storage[row * 3 + 2] * rhs.storage[6 + column]
            }
        }
        return SquareBlock(size: lhs.size, storage: result)
    }

    /// The block times the column vector `vector` (its third element 0 in 2-D).
    static func * (block: SquareBlock, vector: SIMD3<Double>) -> SIMD3<Double> {
        var result = SIMD3<Double>()
        for row in 0..<3 {
            result[row] = block.storage[row * 3] * vector[0] + block.storage[row * 3 + 1] * vector[1] + block.storage[row * 3 + 2] * vector[2]
        }
        return result
    }

    /// vᵀ·block·v.
    func quadraticForm(_ vector: SIMD3<Double>) -> Double {
        let product = self * vector
        return vector[0] * product[0] + vector[1] * product[1] + vector[2] * product[2]
    }

    /// The inverse of this symmetric positive-definite block, or nil if it is not one to working
    /// precision (through ``NormalEquations``' Cholesky decomposition).
    var symmetricInverse: SquareBlock? {
        var equations = NormalEquations(matrix: values, size: size)
        return equations.inverse(leading: size).map { SquareBlock(size: size, values: $0) }
    }
}
