import Foundation
import UWBCore

/// Which way a device faces: a yaw about the world's +y (up) axis, then a pitch about the device's
/// x axis, then a roll about its z axis. With no rotation the device's axes are the world's: its
/// back (−z) looks along world −z.
public struct Orientation: Hashable, Sendable {
    /// Rotation about the world's vertical axis.
    public let yaw: Angle
    /// Rotation about the device's x axis, after the yaw.
    public let pitch: Angle
    /// Rotation about the device's z axis, after the pitch.
    public let roll: Angle

    /// An orientation from its three angles.
    public init(yaw: Angle = .zero, pitch: Angle = .zero, roll: Angle = .zero) {
        self.yaw = yaw
        self.pitch = pitch
        self.roll = roll
    }

    /// No rotation.
    public static let identity = Orientation()

    /// A vector given in the device frame, expressed in the world frame (R = Ry(yaw)·Rx(pitch)·Rz(roll)).
    public func toWorld(_ vector: Vector3) -> Vector3 {
        let rolled = Vector3(
            x: vector.x * cos(roll.radians) - vector.y * sin(roll.radians),
            y: vector.x * sin(roll.radians) + vector.y * cos(roll.radians),
            z: vector.z)
        let pitched = Vector3(
            x: rolled.x,
            y: rolled.y * cos(pitch.radians) - rolled.z * sin(pitch.radians),
            z: rolled.y * sin(pitch.radians) + rolled.z * cos(pitch.radians))
        return Vector3(
            x: pitched.x * cos(yaw.radians) + pitched.z * sin(yaw.radians),
            y: pitched.y,
            z: -pitched.x * sin(yaw.radians) + pitched.z * cos(yaw.radians))
    }

    /// A vector given in the world frame, expressed in the device frame (the inverse rotation).
    public func toDevice(_ vector: Vector3) -> Vector3 {
        let unyawed = Vector3(
            x: vector.x * cos(yaw.radians) - vector.z * sin(yaw.radians),
            y: vector.y,
            z: vector.x * sin(yaw.radians) + vector.z * cos(yaw.radians))
        let unpitched = Vector3(
            x: unyawed.x,
            y: unyawed.y * cos(pitch.radians) + unyawed.z * sin(pitch.radians),
            z: -unyawed.y * sin(pitch.radians) + unyawed.z * cos(pitch.radians))
        return Vector3(
            x: unpitched.x * cos(roll.radians) + unpitched.y * sin(roll.radians),
            y: -unpitched.x * sin(roll.radians) + unpitched.y * cos(roll.radians),
            z: unpitched.z)
    }
}
