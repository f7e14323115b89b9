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
        OrientationRotation(self).toWorld(vector)
    }

    /// A vector given in the world frame, expressed in the device frame (the inverse rotation).
    public func toDevice(_ vector: Vector3) -> Vector3 {
        OrientationRotation(self).toDevice(vector)
    }
}
