/// Why a ``WakeSignal`` could not be made: the system's reason.
public struct WakeSignalError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The system's reason (errno's text).
    public let reason: String

    /// The error for `reason`.
    public init(reason: String) {
        self.reason = reason
    }

    /// What went wrong, and what to do.
    public var description: String {
        "no pipe for waking a blocked thread: \(reason); raise the limit of open files (ulimit -n)"
    }
}
