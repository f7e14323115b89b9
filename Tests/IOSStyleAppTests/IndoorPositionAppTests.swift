import EmulatorHarness
import Foundation
import NearbyInteraction
import Testing
import UWBEmulator

/// An iOS 26-style DL-TDoA screen (``IndoorPositionViewModel``) on a device of an emulated hall whose
/// anchors run their rounds: it compiles unchanged and hears every anchor, every round.
@Suite("An iOS-style DL-TDoA app among the emulated hall's anchors")
struct IndoorPositionAppTests {
    @Test("the capability is true, every round's Poll, Responses and Final arrive, and all eight anchors are placed")
    func listens() async throws {
        let scenario = try PositioningHall.scenario(tags: [(8, 6, 5)])
        let emulation = try Emulation(scenario: scenario)
        try ScenarioPositioning.runDownlinkAnchors(of: scenario, on: emulation)
        let service = DeviceService(radio: try emulation.radio("T1"))
        let app = await IndoorPositionViewModel()
        await MainActor.run {
            DeviceService.withDefault(service) {
                #expect(app.isSupported)
                app.start(networkIdentifier: Int(scenario.positioning.network))
            }
        }
        emulation.run(until: emulation.simulator.now + .seconds(1))
        await MainActor.run {}
        #expect(await app.invalidations.isEmpty)
        // Two clusters of four anchors, ten rounds a second each.
        #expect(await app.rounds == 20)
        #expect(await app.counts == [.poll: 20, .response: 60, .final: 20])
        let anchors = await app.anchors
        #expect(anchors.keys.sorted() == Array(1...8))
        for (address, coordinates) in anchors {
            let hall = PositioningHall.anchors[Int(address) - 1]
            #expect(abs(coordinates.y - 3) < 0.1 && abs(coordinates.z - hall.z) < 0.1, "\(address): \(coordinates)")
        }
        await app.stop()
    }
}
