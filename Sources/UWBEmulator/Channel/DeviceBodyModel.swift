import Foundation
import UWBCore

/// The device's own body shadowing its antennas from the front: a UWB antenna behind a phone's
/// screen and battery, or on a board against a ground plane, hears the back hemisphere (−z, where
/// NearbyInteraction's field of view is) clearly and the front only around the body.
///
/// A signal that leaves the transmitter through its front, or reaches the receiver from its front,
/// loses ``frontLoss`` on every path, and its direct path ``firstPathLoss`` more; what the body takes
/// off the direct path beyond ``frontLoss`` arrives round it instead, by way of the holder's body and
/// the surroundings, ``detourDelay`` later (``BodyShares``). So the first path reads weak against the
/// whole, as without line of sight: this is what lets a flat antenna array, which cannot tell front
/// from back by phase, withhold directions to a peer in front. The values are a modelling choice
/// [unconfirmed: representative of phone measurements, not from a DW1000 board's pattern].
public struct DeviceBodyModel: Hashable, Sendable {
    /// Overall extra loss through the front.
    public let frontLoss: PowerRatio
    /// Extra loss of the first path through the front, on top of ``frontLoss``.
    public let firstPathLoss: PowerRatio

    /// A body model with the given losses.
    public init(frontLoss: PowerRatio, firstPathLoss: PowerRatio) {
        self.frontLoss = frontLoss
        self.firstPathLoss = firstPathLoss
    }

    /// 3 dB overall and 10 dB more on the first path through the front.
    public static let standard = DeviceBodyModel(frontLoss: PowerRatio(decibels: 3), firstPathLoss: PowerRatio(decibels: 10))

    /// How much later than the direct path the path round the body arrives: 5 ns, some 1.5 m further by
    /// the holder and the nearest surfaces [U: a modelling choice; later than the three taps after the
    /// first path that the first-path level is read from, as a reflection round a person is].
    public static let detourDelay: Duration = .nanoseconds(5)

    /// No shadowing at all: an omnidirectional antenna in free space.
    public static let transparent = DeviceBodyModel(frontLoss: PowerRatio(decibels: 0), firstPathLoss: PowerRatio(decibels: 0))

    /// Whether a device with `orientation` sends or hears toward `direction` (world frame) through
    /// its front: the direction has a positive z component in the device frame.
    public static func isThroughFront(_ direction: Vector3, orientation: Orientation) -> Bool {
        orientation.toDevice(direction).z > 0
    }

    /// How much of the direct and of the scattered paths' power comes through when either end faces the
    /// other with its front: the scattered paths lose ``frontLoss``, the direct path ``firstPathLoss`` more,
    /// and that more goes round the body.
    func shares(senderFront: Bool, receiverFront: Bool) -> BodyShares {
        guard senderFront || receiverFront else { return .clear }
        let scattered = Foundation.pow(10, -frontLoss.decibels / 10)
        let direct = scattered * Foundation.pow(10, -firstPathLoss.decibels / 10)
        return BodyShares(direct: direct, scattered: scattered, around: scattered - direct)
    }
}
