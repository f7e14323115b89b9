import UWBCore

/// How many receptions failed, by kind: what a capture reports at its end.
public struct ReceiveFailureCounts: Hashable, Sendable {
    /// The count of each failure that happened at least once.
    public private(set) var counts: [ReceiveFailure: Int] = [:]

    /// No failures.
    public init() {}

    /// All failures together.
    public var total: Int { counts.values.reduce(0, +) }

    /// The count of `failure`.
    public subscript(_ failure: ReceiveFailure) -> Int { counts[failure, default: 0] }

    /// Counts one more `failure`.
    public mutating func add(_ failure: ReceiveFailure) {
        counts[failure, default: 0] += 1
    }
}
