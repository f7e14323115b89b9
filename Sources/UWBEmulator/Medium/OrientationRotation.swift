import Foundation
import UWBCore

/// The rotation of an ``Orientation`` with the cosines and sines of its three angles worked out once, so
/// that a device turning many vectors (its antennas', frame after frame) does not work them out again for
/// each. It turns vectors exactly as the orientation's own ``Orientation/toWorld(_:)`` and
/// ``Orientation/toDevice(_:)`` do, which use it.
struct OrientationRotation: Sendable {
    /// The cosine and sine of the yaw.
    private let yawCos: Double, yawSin: Double
    /// The cosine and sine of the pitch.
    private let pitchCos: Double, pitchSin: Double
    /// The cosine and sine of the roll.
    private let rollCos: Double, rollSin: Double

    /// The rotation of `orientation`.
    init(_ orientation: Orientation) {
        yawCos = cos(orientation.yaw.radians)
        yawSin = sin(orientation.yaw.radians)
        pitchCos = cos(orientation.pitch.radians)
        pitchSin = sin(orientation.pitch.radians)
        rollCos = cos(orientation.roll.radians)
        rollSin = sin(orientation.roll.radians)
    }

    /// A vector given in the device frame, expressed in the world frame (R = Ry(yaw)·Rx(pitch)·Rz(roll)).
    func toWorld(_ vector: Vector3) -> Vector3 {
        let rolled = Vector3(
            x: vector.x * rollCos - vector.y * rollSin,
            y: vector.x * rollSin + vector.y * rollCos,
            z: vector.z)
        let pitched = Vector3(
            x: rolled.x,
            y: rolled.y * pitchCos - rolled.z * pitchSin,
            z: rolled.y * pitchSin + rolled.z * pitchCos)
        return Vector3(
            x: pitched.x * yawCos + pitched.z * yawSin,
            y: pitched.y,
            z: -pitched.x * yawSin + pitched.z * yawCos)
    }

    /// A vector given in the world frame, expressed in the device frame (the inverse rotation).
    func toDevice(_ vector: Vector3) -> Vector3 {
        let unyawed = Vector3(
            x: vector.x * yawCos - vector.z * yawSin,
            y: vector.y,
            z: vector.x * yawSin + vector.z * yawCos)
        let unpitched = Vector3(
            x: unyawed.x,
            y: unyawed.y * pitchCos + unyawed.z * pitchSin,
            z: -unyawed.y * pitchSin + unyawed.z * pitchCos)
        return Vector3(
            x: unpitched.x * rollCos + unpitched.y * rollSin,
            y: -unpitched.x * rollSin + unpitched.y * rollCos,
            z: unpitched.z)
    }
}
