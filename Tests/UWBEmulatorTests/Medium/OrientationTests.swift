import Foundation
import Testing
import UWBCore
@testable import UWBEmulator

@Suite("Orientation: device and world frames")
struct OrientationTests {
    static func expectClose(_ actual: Vector3, _ expected: Vector3, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect((actual - expected).length < 1e-12, "\(actual) ≠ \(expected)", sourceLocation: sourceLocation)
    }

    static let x = Vector3(x: 1, y: 0, z: 0)
    static let y = Vector3(x: 0, y: 1, z: 0)
    static let z = Vector3(x: 0, y: 0, z: 1)

    @Test("toDevice ∘ toWorld and toWorld ∘ toDevice are the identity", arguments: [
        Orientation(yaw: .degrees(30), pitch: .degrees(-50), roll: .degrees(110)),
        Orientation(yaw: .degrees(-170), pitch: .degrees(89), roll: .degrees(5)),
        Orientation.identity,
    ])
    func inverse(orientation: Orientation) {
        let vector = Vector3(x: 0.3, y: -1.2, z: 2.5)
        Self.expectClose(orientation.toDevice(orientation.toWorld(vector)), vector)
        Self.expectClose(orientation.toWorld(orientation.toDevice(vector)), vector)
        #expect(abs(orientation.toWorld(vector).length - vector.length) < 1e-12)
    }

    @Test("no rotation: device axes are world axes")
    func identity() {
        Self.expectClose(Orientation.identity.toWorld(Vector3(x: 1, y: 2, z: 3)), Vector3(x: 1, y: 2, z: 3))
    }

    @Test("yaw 180°: the device's back (−z) looks along world +z, and +x turns to −x")
    func yawHalfTurn() {
        let turned = Orientation(yaw: .degrees(180))
        Self.expectClose(turned.toWorld(Self.z * -1), Self.z)
        Self.expectClose(turned.toWorld(Self.x), Self.x * -1)
        Self.expectClose(turned.toWorld(Self.y), Self.y)
    }

    @Test("right-handed quarter turns: yaw about +y sends x to −z; pitch about x sends y to +z; roll about z sends x to +y")
    func quarterTurns() {
        let yaw = Orientation(yaw: .degrees(90))
        Self.expectClose(yaw.toWorld(Self.x), Self.z * -1)
        Self.expectClose(yaw.toWorld(Self.z), Self.x)
        Self.expectClose(yaw.toWorld(Self.y), Self.y)
        let pitch = Orientation(pitch: .degrees(90))
        Self.expectClose(pitch.toWorld(Self.y), Self.z)
        Self.expectClose(pitch.toWorld(Self.z), Self.y * -1)
        let roll = Orientation(roll: .degrees(90))
        Self.expectClose(roll.toWorld(Self.x), Self.y)
        Self.expectClose(roll.toWorld(Self.y), Self.x * -1)
    }

    @Test("the rotations compose as Ry(yaw)·Rx(pitch)·Rz(roll): roll first, yaw last")
    func order() {
        let both = Orientation(yaw: .degrees(90), roll: .degrees(90))
        // x —roll→ y —yaw→ y.
        Self.expectClose(both.toWorld(Self.x), Self.y)
        let yawPitch = Orientation(yaw: .degrees(90), pitch: .degrees(90))
        // y —pitch→ z —yaw→ x.
        Self.expectClose(yawPitch.toWorld(Self.y), Self.x)
        Self.expectClose(yawPitch.toDevice(Self.x), Self.y)
    }
}
