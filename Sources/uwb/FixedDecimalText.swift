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
        switch written(value, decimals: places, capacity: 64) {
        case .success(let text):
            return text
        case .failure(let tooLong):
            return (try? written(value, decimals: places, capacity: tooLong.length + 1).get()) ?? "null"
        }
    }

    /// A number longer than the buffer it was written into: its whole length.
    private struct TooLong: Error {
        let length: Int
    }

    /// `value` written into a buffer of `capacity` bytes, or how long it is if it does not fit.
    private static func written(_ value: Double, decimals: Int32, capacity: Int) -> Result<String, TooLong> {
        withUnsafeTemporaryAllocation(of: CChar.self, capacity: capacity) { buffer in
            let count = Int(cfixed_decimal(buffer.baseAddress, capacity, decimals, value))
            guard count >= 0, count < capacity, let start = buffer.baseAddress else { return .failure(TooLong(length: max(count, 0))) }
            return .success(String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self))
        }
    }
}
