/// Scratch buffers for one reading of an accumulator's taps: on the stack when they are small, as the taps
/// a chip reads for a frame nearly always are, so that reading a frame allocates nothing.
enum TapScratch {
    /// The most taps a buffer holds on the stack: 1 024 octets, the size below which the standard library
    /// puts a temporary allocation on the stack without asking the thread how much stack is left (the
    /// answer costs a read of the process's memory map on the main thread, on Linux).
    static let stackTaps = 1_024 / MemoryLayout<Double>.stride

    /// Runs `body` with three buffers of `count` zeros each: for the taps' real and imaginary parts and
    /// their magnitudes. Always inlined, so that `body` and what it captures are not copied into a context.
    @inline(__always)
    static func withZeros<Value>(
        count: Int,
        _ body: (UnsafeMutableBufferPointer<Double>, UnsafeMutableBufferPointer<Double>, UnsafeMutableBufferPointer<Double>) -> Value
    ) -> Value {
        let count = max(0, count)
        guard count <= stackTaps else {
            var heap = [Double](zeros: 3 * count)
            return heap.withUnsafeMutableBufferPointer { all in
                body(
                    UnsafeMutableBufferPointer(rebasing: all[0..<count]),
                    UnsafeMutableBufferPointer(rebasing: all[count..<(2 * count)]),
                    UnsafeMutableBufferPointer(rebasing: all[(2 * count)...]))
            }
        }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { real in
            withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { imaginary in
                withUnsafeTemporaryAllocation(of: Double.self, capacity: count) { magnitudes in
                    real.initialize(repeating: 0)
                    imaginary.initialize(repeating: 0)
                    magnitudes.initialize(repeating: 0)
                    return body(real, imaginary, magnitudes)
                }
            }
        }
    }
}
