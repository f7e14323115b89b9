import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator

@Suite("Sessions: the app flow on the default service")
struct DefaultServiceAppFlowTests {
    /// One app on one device, written as an iOS app is: `NISession()` on the default service, the
    /// token sent as archived data, the peer's received the same way.
    final class App {
        let service: DeviceService
        let log: SessionRecorder
        private(set) var session: NISession?

        init(service: DeviceService, name: String) {
            self.service = service
            log = SessionRecorder(name: name)
        }

        /// Whether the app's device supports Nearby Interaction, and what it measures, as the app
        /// asks it.
        var support: (isSupported: Bool, capabilities: any NIDeviceCapability) {
            DeviceService.withDefault(service) { (NISession.isSupported, NISession.deviceCapabilities) }
        }

        /// Creates a new session and returns its token archived for sending to the peer.
        func startSession() throws -> Data {
            let session = DeviceService.withDefault(service) { NISession() }
            session.delegateQueue = log.queue
            session.delegate = log
            self.session = session
            let token = try #require(session.discoveryToken)
            return try NSKeyedArchiver.archivedData(withRootObject: token, requiringSecureCoding: true)
        }

        /// Runs the session with the peer's token, as received.
        func received(peerToken data: Data) throws {
            let token = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: data))
            try #require(session).run(NINearbyPeerConfiguration(peerToken: token))
        }

        /// The app ends its session.
        func endSession() {
            session?.invalidate()
        }
    }

    @Test("check support, create sessions, swap archived tokens, range; one side ends, both start over with new tokens")
    func appFlow() throws {
        let world = try SessionWorld(devices: [
            SessionWorld.device("alice", board: "ft232h-dw1000-triple", at: .zero),
            SessionWorld.device("bob", at: Vector3(x: 0, y: 0, z: -5), yaw: .degrees(180)),
        ])
        let alice = App(service: try world.service("alice"), name: "alice")
        let bob = App(service: try world.service("bob"), name: "bob")

        #expect(alice.support.isSupported)
        #expect(alice.support.capabilities.supportsDirectionMeasurement)
        #expect(bob.support.isSupported)
        #expect(!bob.support.capabilities.supportsDirectionMeasurement)

        // The apps meet and swap tokens (over the network, as Data).
        let aliceToken = try alice.startSession()
        let bobToken = try bob.startSession()
        try alice.received(peerToken: bobToken)
        try bob.received(peerToken: aliceToken)
        world.advance(by: .seconds(2))
        #expect(alice.log.lifecycle == [.started])
        #expect(bob.log.lifecycle == [.started])
        #expect(alice.log.distances.suffix(10).allSatisfy { abs($0 - 5) < 0.15 })
        #expect(bob.log.distances.suffix(10).allSatisfy { abs($0 - 5) < 0.15 })
        // Alice's triple board also sees Bob straight ahead: −z.
        if case .updated(_, let direction?, _) = alice.log.updates.last {
            #expect(direction.z < -0.99)
        } else {
            Issue.record("no direction for a peer straight ahead")
        }

        // Bob's app ends its session: Alice's hears so at once.
        bob.endSession()
        world.advance(by: .milliseconds(300))
        #expect(alice.log.lifecycle == [.started, .removed(.peerEnded)])

        // Both start over, with new sessions and new tokens.
        let oldTokens = [aliceToken, bobToken]
        let oldSessions = [alice.session, bob.session]
        alice.endSession()
        let aliceAgain = try alice.startSession()
        let bobAgain = try bob.startSession()
        #expect(!oldTokens.contains(aliceAgain))
        #expect(!oldTokens.contains(bobAgain))
        #expect(aliceAgain != bobAgain)
        #expect(alice.session !== oldSessions[0] && bob.session !== oldSessions[1])
        let counts = [alice.log.calls.count, bob.log.calls.count]
        try alice.received(peerToken: bobAgain)
        try bob.received(peerToken: aliceAgain)
        world.advance(by: .seconds(2))
        for (app, count) in zip([alice, bob], counts) {
            let after = Array(app.log.calls.dropFirst(count))
            #expect(after.first == .started)
            #expect(after.dropFirst().allSatisfy { $0.distance != nil })
            #expect(after.compactMap(\.distance).count >= 15)
            #expect(after.compactMap(\.distance).suffix(10).allSatisfy { abs($0 - 5) < 0.15 })
        }
    }
}
