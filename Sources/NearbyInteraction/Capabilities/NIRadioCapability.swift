import UWBCore

/// The capabilities of a swift-uwb radio, as Nearby Interaction reports them.
///
/// Derived from how many phase-coherent receivers the radio has
/// (`TransceiverCapabilities.coherentReceivers`):
///
/// | Receivers | Distance | Horizontal angle | Direction |
/// |---|---|---|---|
/// | 0 or fewer | no | no | no |
/// | 1 | yes | no | no |
/// | 2 | yes | yes | no |
/// | 3 or more | yes | yes | yes |
///
/// Two receivers measure one angle (the azimuth, ``NINearbyObject/horizontalAngle``) but not a
/// full direction. Nearby Interaction has no flag for that, so ``supportsDirectionMeasurement`` is
/// false and ``supportsHorizontalAngleMeasurement`` (a swift-uwb addition) is true. Camera
/// assistance and extended distance measurement do not exist on Linux and are always false.
public struct NIRadioCapability: NIDeviceCapability, Hashable, Sendable, CustomStringConvertible {
    /// Whether the radio measures distance.
    public let supportsPreciseDistanceMeasurement: Bool
    /// Whether the radio measures a full direction (three coherent receivers in an L).
    public let supportsDirectionMeasurement: Bool
    /// Whether the radio measures the azimuth (two or more coherent receivers). A swift-uwb addition:
    /// Nearby Interaction has no such flag.
    public let supportsHorizontalAngleMeasurement: Bool

    /// Always false: Linux has no ARKit.
    public var supportsCameraAssistance: Bool { false }
    /// Always false: the DW1000 is not Apple's second-generation UWB chip.
    public var supportsExtendedDistanceMeasurement: Bool { false }

    /// A device that measures nothing (no radio, or a radio that cannot range).
    public static let unsupported = NIRadioCapability(coherentReceivers: 0)

    /// The capabilities of a radio with `coherentReceivers` phase-coherent receivers (see the table above).
    public init(coherentReceivers: Int) {
        supportsPreciseDistanceMeasurement = coherentReceivers >= 1
        supportsHorizontalAngleMeasurement = coherentReceivers >= 2
        supportsDirectionMeasurement = coherentReceivers >= 3
    }

    /// The capabilities of a radio described by `capabilities`.
    public init(_ capabilities: TransceiverCapabilities) {
        self.init(coherentReceivers: capabilities.coherentReceivers)
    }

    /// Capabilities with the given flags, made consistent: an angle or a direction implies distance,
    /// and a direction implies the horizontal angle.
    public init(
        supportsPreciseDistanceMeasurement: Bool,
        supportsHorizontalAngleMeasurement: Bool,
        supportsDirectionMeasurement: Bool
    ) {
        self.supportsDirectionMeasurement = supportsDirectionMeasurement
        self.supportsHorizontalAngleMeasurement = supportsHorizontalAngleMeasurement || supportsDirectionMeasurement
        self.supportsPreciseDistanceMeasurement = supportsPreciseDistanceMeasurement
            || supportsHorizontalAngleMeasurement || supportsDirectionMeasurement
    }

    /// For example `distance, horizontal angle` or `none`.
    public var description: String {
        var parts: [String] = []
        if supportsPreciseDistanceMeasurement { parts.append("distance") }
        if supportsHorizontalAngleMeasurement { parts.append("horizontal angle") }
        if supportsDirectionMeasurement { parts.append("direction") }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }
}
