import UWBCore

/// The capabilities of a swift-uwb radio, as Nearby Interaction reports them.
///
/// Derived from how many phase-coherent receivers the radio has
/// (`TransceiverCapabilities.coherentReceivers`, ``BoardDescription/coherentReceivers``):
///
/// | Receivers | Distance | Horizontal angle | Direction |
/// |---|---|---|---|
/// | 0 or fewer | no | no | no |
/// | 1 | yes | no | no |
/// | 2 | yes | yes | no |
/// | 3 or more | yes | yes | yes |
///
/// Two receivers (two DW1000s on one clock, or one DW3x20's two antenna ports) measure one angle
/// (the azimuth, ``NINearbyObject/horizontalAngle``) but not a full direction. Nearby Interaction has no flag for that, so ``supportsDirectionMeasurement`` is
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
    /// Whether the radio sends and checks a scrambled timestamp sequence (STS, IEEE 802.15.4z):
    /// a DW3000-family radio, which also has channel 9. Two such radios range with an STS, which
    /// stops distance-reduction attacks on the preamble (`Docs/security.md`). A swift-uwb addition.
    public let supportsSecureTimestamps: Bool
    /// Whether the device listens to DL-TDoA anchors (``NIDLTDOAConfiguration``, Apple: iOS 26): a
    /// radio the project's engine drives does, a UCI device does when its capabilities list the
    /// DT-tag role. It describes this device only: tokens do not carry it, and it takes no part in equality.
    public let supportsDLTDOAMeasurement: Bool

    /// Always false: Linux has no ARKit.
    public var supportsCameraAssistance: Bool { false }
    /// Always false: neither the DW1000 nor the DW3000 is Apple's second-generation UWB chip.
    public var supportsExtendedDistanceMeasurement: Bool { false }

    /// A device that measures nothing (no radio, or a radio that cannot range).
    public static let unsupported = NIRadioCapability(coherentReceivers: 0)

    /// The capabilities of a radio with `coherentReceivers` phase-coherent receivers (see the table
    /// above), with an STS if `secureTimestamps` (and it measures distance).
    public init(coherentReceivers: Int, secureTimestamps: Bool = false) {
        supportsDLTDOAMeasurement = false
        supportsPreciseDistanceMeasurement = coherentReceivers >= 1
        supportsHorizontalAngleMeasurement = coherentReceivers >= 2
        supportsDirectionMeasurement = coherentReceivers >= 3
        supportsSecureTimestamps = secureTimestamps && coherentReceivers >= 1
    }

    /// The capabilities of a radio described by `capabilities`.
    public init(_ capabilities: TransceiverCapabilities) {
        self.init(coherentReceivers: capabilities.coherentReceivers, secureTimestamps: capabilities.secureTimestamps)
    }

    /// The capabilities of a radio on `board`: its coherent antennas (two chips on one clock, or
    /// a DW3x20's two ports, count as two), and an STS when every chip is of a family that has one.
    public init(board: BoardDescription) {
        self.init(
            coherentReceivers: board.coherentReceivers,
            secureTimestamps: board.chips.allSatisfy(\.model.family.supportsSecureTimestamps))
    }

    /// Capabilities with the given flags, made consistent: an angle, a direction or an STS implies
    /// distance, and a direction implies the horizontal angle.
    public init(
        supportsPreciseDistanceMeasurement: Bool,
        supportsHorizontalAngleMeasurement: Bool,
        supportsDirectionMeasurement: Bool,
        supportsSecureTimestamps: Bool = false
    ) {
        self.supportsDirectionMeasurement = supportsDirectionMeasurement
        self.supportsHorizontalAngleMeasurement = supportsHorizontalAngleMeasurement || supportsDirectionMeasurement
        self.supportsPreciseDistanceMeasurement = supportsPreciseDistanceMeasurement
            || supportsHorizontalAngleMeasurement || supportsDirectionMeasurement || supportsSecureTimestamps
        self.supportsSecureTimestamps = supportsSecureTimestamps
        supportsDLTDOAMeasurement = false
    }

    /// These capabilities, listening to DL-TDoA anchors if `listens` (and the device ranges).
    public func listeningToDownlinkTDoA(_ listens: Bool) -> NIRadioCapability {
        NIRadioCapability(copying: self, downlinkTDoA: listens && supportsPreciseDistanceMeasurement)
    }

    private init(copying other: NIRadioCapability, downlinkTDoA: Bool) {
        supportsPreciseDistanceMeasurement = other.supportsPreciseDistanceMeasurement
        supportsDirectionMeasurement = other.supportsDirectionMeasurement
        supportsHorizontalAngleMeasurement = other.supportsHorizontalAngleMeasurement
        supportsSecureTimestamps = other.supportsSecureTimestamps
        supportsDLTDOAMeasurement = downlinkTDoA
    }

    /// Equal when they measure the same with a peer (what tokens carry); DL-TDoA listening is left out.
    public static func == (lhs: NIRadioCapability, rhs: NIRadioCapability) -> Bool {
        (lhs.supportsPreciseDistanceMeasurement, lhs.supportsDirectionMeasurement, lhs.supportsHorizontalAngleMeasurement,
         lhs.supportsSecureTimestamps)
            == (rhs.supportsPreciseDistanceMeasurement, rhs.supportsDirectionMeasurement, rhs.supportsHorizontalAngleMeasurement,
                rhs.supportsSecureTimestamps)
    }

    /// Hashes what ``==`` compares.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(supportsPreciseDistanceMeasurement)
        hasher.combine(supportsDirectionMeasurement)
        hasher.combine(supportsHorizontalAngleMeasurement)
        hasher.combine(supportsSecureTimestamps)
    }

    /// For example `distance, horizontal angle` or `none`.
    public var description: String {
        var parts: [String] = []
        if supportsPreciseDistanceMeasurement { parts.append("distance") }
        if supportsHorizontalAngleMeasurement { parts.append("horizontal angle") }
        if supportsDirectionMeasurement { parts.append("direction") }
        if supportsSecureTimestamps { parts.append("secure timestamps") }
        return parts.isEmpty ? "none" : parts.joined(separator: ", ")
    }
}
