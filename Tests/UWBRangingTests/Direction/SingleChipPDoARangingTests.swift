import EmulatorHarness
import Foundation
import Testing
import UWBCore
import UWBRanging

/// A DW3220 observer ranging with a DWM3000 peer on the emulator, without an STS: the DW3000 driver
/// configures PDoA mode 1 (the Ipatov preamble), reads PDOA, and the engine turns it into the
/// horizontal angle. The observer keeps the identity orientation, its ports along +x and its back
/// (−z) towards boresight; the peer stands 3 m away at azimuth θ, at (3·sin θ, 0, −3·cos θ), so
/// the true horizontal angle is atan2(3·sin θ, 3·cos θ) = θ, positive to the right (+x).
@Suite("Single-chip PDoA end to end: DW3220 angles without an STS")
struct SingleChipPDoARangingTests {
    static let distance = 3.0

    /// The world with the peer at `degrees` of azimuth on `channel`.
    static func world(degrees: Double, channel: Channel) -> AccuracyWorld {
        let radians = degrees * .pi / 180
        return AccuracyWorld(radioChannel: channel, devices: [
            AccuracyWorld.Device(board: "ft232h-dw3220-pdoa", position: Vector3(x: 0, y: 1, z: 0)),
            AccuracyWorld.Device(
                board: "ft232h-dwm3000-single",
                position: Vector3(x: distance * sin(radians), y: 1, z: -distance * cos(radians))),
        ])
    }

    @Test("raw horizontal angles within 3° (mean and RMS) of the geometry's", arguments: [Channel.five, .nine], [-30.0, 0, 40])
    func angles(channel: Channel, degrees: Double) throws {
        let ranging = try Self.world(degrees: degrees, channel: channel)
            .run(seconds: 1, rate: 20, fieldOfView: FieldOfView(halfAngle: .degrees(90)))
        let peer = Vector3(x: Self.distance * sin(degrees * .pi / 180), y: 0, z: -Self.distance * cos(degrees * .pi / 180))
        let truth = atan2(peer.x, -peer.z) * 180 / .pi
        let angles = ranging.initiatorResults().compactMap { $0.measurement.rawHorizontalAngle?.degrees }
        #expect(angles.count >= 10, "only \(angles.count) rounds with an angle")
        let errors = angles.map { $0 - truth }
        let count = Double(max(1, errors.count))
        let mean = errors.reduce(0, +) / count
        let rootMeanSquare = (errors.reduce(0) { $0 + $1 * $1 } / count).squareRoot()
        #expect(abs(mean) < 3 && rootMeanSquare < 3, "error mean \(mean)°, RMS \(rootMeanSquare)° at \(degrees)° on \(channel)")
    }
}
