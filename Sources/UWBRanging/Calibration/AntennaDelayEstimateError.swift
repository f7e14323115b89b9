/// Why pairs' distances cannot give every device's antenna delay error.
///
/// Each ``description`` says what to change.
public enum AntennaDelayEstimateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Fewer than three devices: two devices' errors only show as their sum.
    case tooFewDevices(Int)
    /// A pair names a device outside the devices, or the same device twice.
    case invalidPair(first: Int, second: Int, devices: Int)
    /// A pair's measured distance is not finite, or its true distance is not a positive number.
    case invalidDistance(first: Int, second: Int)
    /// The pairs do not determine every device's error.
    case undetermined

    /// What is wrong and what to change.
    public var description: String {
        switch self {
        case .tooFewDevices(let count):
            "\(count) device\(count == 1 ? "" : "s"): calibrating antenna delays needs at least 3 (two devices only show the sum of their errors); add a device"
        case .invalidPair(let first, let second, let devices):
            "the pair (\(first), \(second)) is not two different devices of the \(devices) given; name each pair's two devices"
        case .invalidDistance(let first, let second):
            "the pair (\(first), \(second)) has a distance that is not a positive number; measure it again"
        case .undetermined:
            "the pairs do not determine every device's delay: every device must range with others, and three of them with each other (a line, or four devices in a ring, cannot tell one device's delay from its neighbour's); add pairs that close a triangle"
        }
    }
}
