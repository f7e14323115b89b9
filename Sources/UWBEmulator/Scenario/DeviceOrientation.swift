import UWBCore

/// How a device is turned in the world (JSON key `orientation`).
///
/// Starting from the identity (device axes = world axes, so the back of the device, −z, looks
/// along world −z), the device is turned by ``yaw`` about world +y, then by ``pitch`` about its
/// own x axis, then by ``roll`` about its own z axis. Positive angles turn counter-clockwise when
/// looking down the axis towards the origin (right-hand rule).
public struct DeviceOrientation: Hashable, Sendable {
    /// Rotation about world +y (up); 180° turns a device to look along world +z.
    public var yaw: Angle
    /// Rotation about the device's x axis (right), applied after ``yaw``.
    public var pitch: Angle
    /// Rotation about the device's z axis (out of the screen), applied after ``pitch``.
    public var roll: Angle

    /// An orientation with the given angles.
    public init(yaw: Angle, pitch: Angle, roll: Angle) {
        self.yaw = yaw
        self.pitch = pitch
        self.roll = roll
    }

    /// No rotation: the device frame is the world frame.
    public static let identity = DeviceOrientation(yaw: .zero, pitch: .zero, roll: .zero)
}
