import UWBCore

/// Why a ``RangingTiming`` cannot work.
public enum RangingTimingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The reply delay does not cover the longest ranging frame's airtime plus the listening
    /// margin, so the peer's receiver could not be on before the reply starts.
    case replyDelayTooShort(DeviceDuration, minimum: DeviceDuration)
    /// A delay, margin or count that must not be negative is.
    case negative(String)

    /// What is wrong and what to do.
    public var description: String {
        switch self {
        case .replyDelayTooShort(let delay, let minimum):
            "the reply delay \(delay) is shorter than the minimum \(minimum) (the longest ranging frame's airtime plus the listening margin); use RangingTiming.emulator(for:) or .usb(for:), or a longer delay"
        case .negative(let what):
            "\(what) must not be negative"
        }
    }
}
