/// Why a value could not be turned into a ``DeviceDuration``.
public enum DeviceDurationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The number of seconds is not finite or too large for a 64-bit tick count.
    case notRepresentable(seconds: Double)

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .notRepresentable(let seconds):
            "\(seconds) s cannot be expressed in device ticks (it must be finite and below about 1.4e8 s)"
        }
    }
}
