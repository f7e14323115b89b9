import UWBCore

/// Why pairs' distances cannot give every device's antenna delay error.
///
/// Each ``description`` says what to change; ``description(naming:)`` says it with the devices'
/// names.
public enum AntennaDelayEstimateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Fewer than three devices: two devices' errors only show as their sum.
    case tooFewDevices(Int)
    /// A pair names a device outside the devices, or the same device twice.
    case invalidPair(first: Int, second: Int, devices: Int)
    /// A pair's measured distance is not finite, or its true distance is not a positive number.
    case invalidDistance(first: Int, second: Int)
    /// The pairs do not determine every device's error.
    case undetermined
    /// Three devices' true distances break the triangle inequality: the longest is longer than
    /// the other two together, by `excess`.
    case inconsistentDistances(first: Int, second: Int, third: Int, excess: Distance)
    /// Three devices stand in a line: `middle` is closer to the line between the other two than
    /// the radius of their first Fresnel zone, so it disturbs their direct path.
    case collinear(first: Int, second: Int, middle: Int, offset: Distance, needed: Distance)

    /// What is wrong and what to change, naming devices by their index.
    public var description: String {
        description { "device \($0)" }
    }

    /// What is wrong and what to change, naming devices by `names` (indexed like the devices;
    /// indices beyond it are named by number).
    public func description(naming names: [String]) -> String {
        description { names.indices.contains($0) ? names[$0] : "device \($0)" }
    }

    private func description(_ name: (Int) -> String) -> String {
        switch self {
        case .tooFewDevices(let count):
            "\(count) device\(count == 1 ? "" : "s"): calibrating antenna delays needs at least 3 (two devices only show the sum of their errors); add a device"
        case .invalidPair(let first, let second, let devices):
            "the pair (\(first), \(second)) is not two different devices of the \(devices) given; name each pair's two devices"
        case .invalidDistance(let first, let second):
            "the pair \(name(first)) and \(name(second)) has a distance that is not a positive number; measure it again"
        case .undetermined:
            "the pairs do not determine every device's delay: every device must range with others, and three of them with each other (a line, or four devices in a ring, cannot tell one device's delay from its neighbour's); add pairs that close a triangle"
        case .inconsistentDistances(let first, let second, let third, let excess):
            "the distances between \(name(first)), \(name(second)) and \(name(third)) cannot all be true: the longest is "
                + "\(Self.centimetres(excess)) cm longer than the other two together; measure them again"
        case .collinear(let first, let second, let middle, let offset, let needed):
            "\(name(middle)) stands \(Self.centimetres(offset)) cm from the line between \(name(first)) and \(name(second)), "
                + "inside their first Fresnel zone (\(Self.centimetres(needed)) cm), so it disturbs their direct path; "
                + "move it at least that far off the line (the three should form a triangle)"
        }
    }

    private static func centimetres(_ distance: Distance) -> String {
        String(Int((distance.metres * 100).rounded()))
    }
}
