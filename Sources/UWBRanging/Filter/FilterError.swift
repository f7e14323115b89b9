/// Why a filter refused an input.
public enum FilterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A measured value was not finite.
    case notFinite(String)
    /// A measurement standard deviation was not positive and finite.
    case invalidStandardDeviation(Double)

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .notFinite(let what):
            "\(what) is not finite; drop the measurement instead of filtering it"
        case .invalidStandardDeviation(let value):
            "measurement standard deviation \(value) m must be positive and finite; pass nil to use the tuning's default"
        }
    }
}
