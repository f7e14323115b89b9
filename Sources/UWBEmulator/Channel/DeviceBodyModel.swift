import Foundation
import UWBCore

/// The device's own body shadowing its antennas from the front: a UWB antenna behind a phone's
/// screen and battery, or on a board against a ground plane, hears the back hemisphere (−z, where
/// NearbyInteraction's field of view is) clearly and the front only around the body.
///
/// A signal that leaves the transmitter through its front, or reaches the receiver from its front,
/// loses ``frontLoss`` on every path and its direct path a further ``firstPathLoss``: the direct path goes
/// through the body, so the received-minus-first-path gap reads as no line of sight. This is what
/// lets a flat antenna array, which cannot tell front from back by phase, withhold directions to a
/// peer in front. The values are a modelling choice [unconfirmed: representative of phone
/// measurements, not from a DW1000 board's pattern].
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

    /// No shadowing at all: an omnidirectional antenna in free space.
    public static let transparent = DeviceBodyModel(frontLoss: PowerRatio(decibels: 0), firstPathLoss: PowerRatio(decibels: 0))

    /// Whether a device with `orientation` sends or hears toward `direction` (world frame) through
    /// its front: the direction has a positive z component in the device frame.
    public static func isThroughFront(_ direction: Vector3, orientation: Orientation) -> Bool {
        orientation.toDevice(direction).z > 0
    }

    /// How much of the direct and of the scattered paths' power comes through when either end faces the
    /// other with its front: the scattered paths lose ``frontLoss``, the direct path ``firstPathLoss`` more.
    func shares(senderFront: Bool, receiverFront: Bool) -> BodyShares {
        guard senderFront || receiverFront else { return .clear }
        let scattered = Foundation.pow(10, -frontLoss.decibels / 10)
        return BodyShares(direct: scattered * Foundation.pow(10, -firstPathLoss.decibels / 10), scattered: scattered)
    }
}
