import Foundation
import NearbyInteraction
import Testing
import UWBCore

@Suite("Sessions: extended distance measurement")
struct ExtendedDistanceSessionTests {
    @Test("enabled on both sides it is ignored, Apple's fallback: both sessions run and measure, and no error is raised")
    func ignored() throws {
        let pair = try SessionPair(bob: Vector3(x: 4, y: 0, z: 0))
        for (session, peer) in [(pair.alice, pair.bob), (pair.bob, pair.alice)] {
            let configuration = try SessionWorld.configuration(naming: peer)
            configuration.isExtendedDistanceMeasurementEnabled = true
            session.run(configuration)
        }
        pair.world.advance(by: .seconds(2))
        for log in pair.logs {
            #expect(log.lifecycle == [.started])
            #expect(log.errors.isEmpty)
            #expect(log.distances.count >= 15)
        }
    }
}
