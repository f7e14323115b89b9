import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator

@Suite("Sessions: two peers")
struct TwoPeerSessionTests {
    @Test("two sessions that swap tokens both start running and measure 4 m")
    func bothMeasure() throws {
        let pair = try SessionPair.ranging(metres: 4, for: .seconds(2))
        #expect(pair.aliceLog.lifecycle == [.started])
        #expect(pair.bobLog.lifecycle == [.started])
        #expect(pair.aliceLog.distances.count >= 15)
        #expect(pair.bobLog.distances.count >= 15)
        for distance in (pair.aliceLog.distances + pair.bobLog.distances).suffix(10) {
            #expect(abs(distance - 4) < 0.1)
        }
    }
}
