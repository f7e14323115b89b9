import CFixedDecimal

/// A number written with a fixed count of decimals, as C's `printf("%.*f")` writes it (rounded from the
/// number's exact binary value), by the C library without a `va_list`: `String(format:)` gives the same
/// text but costs several times as much, which showed when `uwb range` and `uwb locate` print tens of
/// thousands of lines a simulated second (Docs/benchmarks.md, "Whole commands: printing and gathering").
enum FixedDecimalText {
    /// `value` with `decimals` digits after the point (none if `decimals` is negative).
    static func text(_ value: Double, decimals: Int) -> String {
        let places = Int32(clamping: max(decimals, 0))
        // Most numbers fit the first buffer; a longer one is written again into a buffer of the length
        // the first write reported.
        let first = written(value, decimals: places, capacity: 64)
        if let text = first.text {
            return text
        }
        return written(value, decimals: places, capacity: first.length + 1).text ?? "null"
    }

    /// `value` written into a buffer of `capacity` bytes: its text if it fits, and its whole length
    /// either way (0 if the C library refused it).
    private static func written(_ value: Double, decimals: Int32, capacity: Int) -> (text: String?, length: Int) {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            let length = Int(cfixed_decimal(buffer.baseAddress, capacity, decimals, value))
            guard length >= 0 else { return (nil, 0) }
            guard length < capacity, let start = buffer.baseAddress else { return (nil, length) }
            return (String(decoding: UnsafeRawBufferPointer(start: start, count: length), as: UTF8.self), length)
        }
    }
}
