import RegisterMapGenerator

/// Why `uwb-regmap` could not do its job.
enum RegisterMapToolError: Error, CustomStringConvertible {
    /// The input file could not be read.
    case unreadableInput(path: String)
    /// The input file is not a valid register map.
    case invalidMap(path: String, error: RegisterMapError)
    /// The output file could not be written.
    case unwritableOutput(path: String, reason: String)

    /// What went wrong and what to do about it.
    var description: String {
        switch self {
        case let .unreadableInput(path):
            "cannot read \(path); run from the package root or pass --input PATH."
        case let .invalidMap(path, error):
            "\(path): \(error)"
        case let .unwritableOutput(path, reason):
            "cannot write \(path): \(reason); check the path and its permissions, or pass --output PATH."
        }
    }
}
