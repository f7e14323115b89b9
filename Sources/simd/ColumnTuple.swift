/// Reads and writes one column of a matrix's `columns` tuple by index. A homogeneous tuple lays its
/// elements out contiguously, one `stride` apart, so column `i` starts `i` strides in.
enum ColumnTuple {
    /// Column `index` of `columns`. Traps for an index outside the tuple, as an `Array` does.
    static func column<Columns, Column: SIMD>(_ index: Int, of columns: Columns, as type: Column.Type) -> Column {
        check(index, in: Columns.self, of: Column.self)
        return withUnsafeBytes(of: columns) { $0.load(fromByteOffset: index * MemoryLayout<Column>.stride, as: Column.self) }
    }

    /// Replaces column `index` of `columns` with `column`. Traps for an index outside the tuple.
    static func setColumn<Columns, Column: SIMD>(_ index: Int, of columns: inout Columns, to column: Column) {
        check(index, in: Columns.self, of: Column.self)
        withUnsafeMutableBytes(of: &columns) { $0.storeBytes(of: column, toByteOffset: index * MemoryLayout<Column>.stride, as: Column.self) }
    }

    private static func check<Columns, Column>(_ index: Int, in columns: Columns.Type, of column: Column.Type) {
        let count = MemoryLayout<Columns>.size / MemoryLayout<Column>.stride
        precondition(index >= 0 && index < max(count, 1), "a matrix of \(count) columns has no column \(index)")
    }
}
