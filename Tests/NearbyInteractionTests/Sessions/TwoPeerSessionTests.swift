import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator

@Suite("Sessions: two peers")
struct TwoPeerSessionTests {
    @Test("two sessions that swap tokens both start running and measure 4 m")
    func bothMeasure() throws {
        let world = try SessionWorld(devices: [
            SessionWorld.device("alice", at: Vector3(x: 0, y: 0, z: 0)),
            SessionWorld.device("bob", at: Vector3(x: 4, y: 0, z: 0)),
        ])
        let aliceLog = SessionRecorder(name: "alice"), bobLog = SessionRecorder(name: "bob")
        let alice = try world.session(on: "alice", recorder: aliceLog)
        let bob = try world.session(on: "bob", recorder: bobLog)
        try SessionWorld.pair(alice, bob)
        world.advance(by: .seconds(2))
        #expect(aliceLog.lifecycle == [.started])
        #expect(bobLog.lifecycle == [.started])
        #expect(aliceLog.distances.count >= 15)
        #expect(bobLog.distances.count >= 15)
        for distance in (aliceLog.distances + bobLog.distances).suffix(10) {
            #expect(abs(distance - 4) < 0.1)
        }
    }
}
