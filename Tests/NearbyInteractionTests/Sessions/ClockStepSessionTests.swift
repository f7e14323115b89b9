import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator

/// Sudden steps of the devices' oscillator frequencies (a scenario's `clock.steps`): double-sided
/// two-way ranging cancels a clock offset to first order (its residual is the time of flight times
/// the offsets, femtoseconds), so a pair ranges on through the steps, as often and as accurately
/// as before, and nothing is removed.
@Suite("Sessions: clock steps")
struct ClockStepSessionTests {
    @Test("Alice jumps from +20 to −25 ppm, Bob from −15 to +40 and back to −40: every update stays within 15 cm, 10 a second, no removal")
    func rangesThroughSteps() throws {
        let world = try SessionWorld(devices: [
            DeviceSetup(
                name: "alice", board: try SessionWorld.board("ft232h-dw1000-single"), clockOffset: ClockOffset(partsPerMillion: 20),
                clockSteps: [3: ClockOffset(partsPerMillion: -25)], trajectory: .standing(at: Position(metres: .zero))),
            DeviceSetup(
                name: "bob", board: try SessionWorld.board("ft232h-dw1000-single"), clockOffset: ClockOffset(partsPerMillion: -15),
                clockSteps: [2: ClockOffset(partsPerMillion: 40), 5: ClockOffset(partsPerMillion: -40)],
                trajectory: .standing(at: Position(metres: Vector3(x: 4, y: 0, z: 0)))),
        ])
        let logs = [SessionRecorder(name: "alice"), SessionRecorder(name: "bob")]
        let alice = try world.session(on: "alice", recorder: logs[0])
        let bob = try world.session(on: "bob", recorder: logs[1])
        try SessionWorld.pair(alice, bob, interval: .milliseconds(100))
        let timelines = world.advance(by: .seconds(7), step: .milliseconds(100), watching: logs)
        for (name, timeline) in zip(["alice", "bob"], timelines) {
            #expect(timeline.filter { !$0.isUpdate }.map(\.call) == [.started], "\(name)")
            let updates = timeline.filter(\.isUpdate)
            // The first round at 0.1 s, then one every 100 ms: 69 in 7 s.
            #expect(updates.count >= 67, "\(name): \(updates.count) updates")
            for update in updates {
                #expect(abs(Double(update.distance ?? 0) - 4) < 0.15, "\(name) at \(update.time): \(String(describing: update.distance))")
            }
        }
    }
}
