import CFixedDecimal

/// A number written with a fixed count of decimals, as C's `printf("%.*f")` writes it (rounded from the
/// number's exact binary value), by the C library without a `va_list`: `String(format:)` gives the same
/// text but costs several times as much, which showed when `uwb range` and `uwb locate` print tens of
/// thousands of lines a simulated second (Docs/benchmarks.md, "Whole commands: printing and gathering").
enum FixedDecimalText {
    /// `value` with `decimals` digits after the point (none if `decimals` is negative).
    static func text(_ value: Double, decimals: Int) -> String {
        let places = Int32(clamping: max(decimals, 0))
        if let text = written(value, decimals: places, capacity: 64) {
            return text
        }
        let length = Int(cfixed_decimal(nil, 0, places, value))
        return written(value, decimals: places, capacity: length + 1) ?? "null"
    }

    /// `value` written into a buffer of `capacity` bytes, or `nil` if it does not fit.
    private static func written(_ value: Double, decimals: Int32, capacity: Int) -> String? {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            let count = Int(cfixed_decimal(buffer.baseAddress, capacity, decimals, value))
            guard count >= 0, count < capacity, let start = buffer.baseAddress else { return nil }
            return String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
        }
    }
}
