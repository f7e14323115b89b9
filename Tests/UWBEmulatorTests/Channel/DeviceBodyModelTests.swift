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

    @Test("a shadowed link loses 3 dB on every path and 13 dB on the direct path, the difference round the body; a clear one nothing")
    func losses() {
        let body = DeviceBodyModel.standard
        #expect(body.shares(senderFront: false, receiverFront: false) == .clear)
        let shadowed = body.shares(senderFront: false, receiverFront: true)
        // 10^(−3/10) = 0.50119; 10^(−13/10) = 0.050119.
        #expect(abs(shadowed.scattered - 0.501_19) < 1e-5)
        #expect(abs(shadowed.direct - 0.050_119) < 1e-6)
        // What the body takes off the direct path beyond the 3 dB goes round it: 0.50119 − 0.050119.
        #expect(abs(shadowed.around - 0.451_07) < 1e-5)
        #expect(body.shares(senderFront: true, receiverFront: true) == shadowed)
        #expect(body.shares(senderFront: true, receiverFront: false) == shadowed)
    }
}
