import EmulatedRanging
import Foundation
import NearbyInteraction
import Testing
import UWBCore
@testable import UWBEmulator

/// Sessions between emulated DW3000-family boards: they negotiate an STS (both tokens have one),
/// every radio is configured with it, and every round passes the STS checks.
@Suite("Sessions between DW3000 boards")
struct SecureTimestampSessionTests {
    @Test("a DW3220 and a DW3110 4 m apart range with an STS: radios configured with it, distances within 15 cm, no frame rejected")
    func stsPair() throws {
        let pair = try SessionPair(
            bob: Vector3(x: 0, y: 0, z: -4), bobYaw: .degrees(180), aliceBoard: "ft232h-dw3220-pdoa", bobBoard: "ft232h-dwm3000-single")
        try pair.run()
        pair.world.advance(by: .seconds(3))
        for log in pair.logs {
            #expect(log.errors.isEmpty)
            let distances = log.distances
            #expect(distances.count >= 20, "\(distances.count) distances")
            #expect(distances.allSatisfy { abs(Double($0) - 4) < 0.15 }, "\(distances)")
        }
        for device in pair.world.emulation.devices {
            let chip = try #require(device.chips.first as? VirtualDW3000)
            #expect(chip.secureTimestampConfiguration(counter: 0) != nil, "\(device.name)'s chip has no STS configured")
            #expect(try pair.world.service(device.name).rejectedFrames.isEmpty)
        }
    }
}
