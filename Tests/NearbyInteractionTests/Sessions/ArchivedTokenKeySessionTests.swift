import EmulatorHarness
import Foundation
import NearbyInteraction
import Testing
import UWBCore

/// A delegate written the way Apple's sample code writes one: peers are kept in a dictionary keyed by
/// the archived discovery token the peer sent, and each update is matched to its peer by archiving
/// the nearby object's token.
final class PeerDirectory: NISessionDelegate, @unchecked Sendable {
    /// The queue the session delivers on; guards everything below.
    let queue = DispatchQueue(label: "peer-directory")
    /// The peers' names by the archived token they sent.
    private var names: [Data: String] = [:]
    /// The peer each update was matched to, in order.
    private var matched: [String] = []
    /// How many updates matched no peer.
    private var unmatched = 0

    /// Remembers that the token archived as `data` is `name`'s.
    func add(_ data: Data, named name: String) {
        queue.sync { names[data] = name }
    }

    /// The peers the updates were matched to, and how many matched none.
    var results: (matched: [String], unmatched: Int) {
        queue.sync { (matched, unmatched) }
    }

    func session(_ session: NISession, didUpdate nearbyObjects: [NINearbyObject]) {
        for object in nearbyObjects {
            guard let key = try? NSKeyedArchiver.archivedData(withRootObject: object.discoveryToken, requiringSecureCoding: true),
                  let name = names[key]
            else {
                unmatched += 1
                continue
            }
            matched.append(name)
        }
    }
}

@Suite("Sessions: peers keyed by archived token")
struct ArchivedTokenKeySessionTests {
    @Test("a dictionary keyed by the archived token the peer sent finds the peer on every update")
    func everyUpdateFindsThePeer() throws {
        let world = try SessionWorld(devices: [
            SessionWorld.device("alice", at: .zero),
            SessionWorld.device("bob", at: Vector3(x: 3, y: 0, z: 0)),
        ])
        let directory = PeerDirectory()
        let alice = NISession(device: try world.service("alice"))
        alice.delegateQueue = directory.queue
        alice.delegate = directory
        let bobLog = SessionRecorder(name: "bob")
        let bob = try world.session(on: "bob", recorder: bobLog)

        // Bob's app archives its token and sends the data; Alice's app keys its peer by that data.
        let bobToken = try #require(bob.discoveryToken)
        let sent = try NSKeyedArchiver.archivedData(withRootObject: bobToken, requiringSecureCoding: true)
        directory.add(sent, named: "bob")
        let received = try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: sent))
        alice.run(NINearbyPeerConfiguration(peerToken: received))
        bob.run(NINearbyPeerConfiguration(peerToken: try TokenSwap.sent(alice)))
        world.advance(by: .seconds(2))

        let results = directory.results
        #expect(results.matched.count >= 15)
        #expect(results.matched.allSatisfy { $0 == "bob" })
        #expect(results.unmatched == 0)
        withExtendedLifetime((alice, bob)) {}
    }
}
