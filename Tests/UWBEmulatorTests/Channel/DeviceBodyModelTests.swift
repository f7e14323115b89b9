import Testing
import UWBCore
@testable import UWBEmulator

@Suite("Device body: the front of a device shadows its antennas")
struct DeviceBodyModelTests {
    @Test("through the front means +z in the device frame")
    func front() {
        #expect(DeviceBodyModel.isThroughFront(Vector3(x: 0, y: 0, z: 1), orientation: .identity))
        #expect(!DeviceBodyModel.isThroughFront(Vector3(x: 0, y: 0, z: -1), orientation: .identity))
        #expect(!DeviceBodyModel.isThroughFront(Vector3(x: 1, y: 0, z: 0), orientation: .identity))
        // Turned round (yaw 180°), the device's front faces world −z.
        #expect(DeviceBodyModel.isThroughFront(Vector3(x: 0, y: 0, z: -1), orientation: Orientation(yaw: .degrees(180))))
    }

    @Test("a shadowed link loses 3 dB overall and 13 dB on the first path; a clear one nothing")
    func losses() {
        let link = LinkSample(
            distance: Distance(metres: 3), meanPathLoss: PowerRatio(decibels: 58), shadowing: PowerRatio(decibels: 0),
            obstacleLoss: PowerRatio(decibels: 0), lineOfSightBlocked: false, firstPathExtraLoss: PowerRatio(decibels: 0),
            excessDelay: .zero, receivedLevel: PowerLevel(dBm: -72), firstPathLevel: PowerLevel(dBm: -75))
        let body = DeviceBodyModel.standard
        #expect(body.shadowed(link, senderFront: false, receiverFront: false) == link)
        let shadowed = body.shadowed(link, senderFront: false, receiverFront: true)
        #expect(shadowed.receivedLevel == PowerLevel(dBm: -75))
        #expect(shadowed.firstPathLevel == PowerLevel(dBm: -88))
        #expect(body.shadowed(link, senderFront: true, receiverFront: true) == shadowed)
    }
}
