import UWBCore

/// Why a benchmark could not produce a figure.
enum BenchmarkError: Error, CustomStringConvertible {
    /// The emulation did something the benchmark does not expect of it.
    case unexpected(String)
    /// Repetitions of one world gave different runs.
    case nondeterministic(devices: Int, digests: [UInt64])

    /// What went wrong.
    var description: String {
        switch self {
        case .unexpected(let detail):
            "benchmark: \(detail)"
        case .nondeterministic(let devices, let digests):
            "benchmark: \(devices)-device runs with one seed differ: digests \(digests.map(hex).joined(separator: ", "))"
        }
    }
}

/// A 64-bit value as 16 hexadecimal digits.
func hex(_ value: UInt64) -> String {
    hexDigits(value, count: 16, uppercase: false)
}
