import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBEmulator

@Suite("Sessions: three devices ranging pairwise")
struct ThreeDeviceSessionTests {
    /// One session of a device with one peer, and its recorder.
    struct Link {
        let device: String
        let peer: String
        let session: NISession
        let log: SessionRecorder
    }

    /// Alice at the origin, Bob 3 m to her right and Carol 4 m behind her back: a 3-4-5 triangle.
    static let positions = [
        "alice": Vector3(x: 0, y: 0, z: 0),
        "bob": Vector3(x: 3, y: 0, z: 0),
        "carol": Vector3(x: 0, y: 0, z: -4),
    ]

    /// The world and, for each ordered pair of devices, a session of the first naming the second:
    /// six sessions, two on each device, all running.
    static func triangle() throws -> (world: SessionWorld, links: [Link]) {
        let names = positions.keys.sorted()
        let world = try SessionWorld(devices: names.map { name in
            try SessionWorld.device(name, at: positions[name] ?? .zero)
        })
        var links: [Link] = []
        for device in names {
            for peer in names where peer != device {
                let log = SessionRecorder(name: "\(device)->\(peer)")
                links.append(Link(device: device, peer: peer, session: try world.session(on: device, recorder: log), log: log))
            }
        }
        for link in links where link.device < link.peer {
            guard let other = links.first(where: { $0.device == link.peer && $0.peer == link.device }) else { continue }
            try SessionWorld.pair(link.session, other.session)
        }
        return (world, links)
    }

    /// The true distance between two devices.
    static func distance(_ a: String, _ b: String) -> Double {
        ((positions[a] ?? .zero) - (positions[b] ?? .zero)).length
    }

    @Test("six sessions on three devices all start and measure their own peer's distance")
    func allPairsMeasure() throws {
        let (world, links) = try Self.triangle()
        world.advance(by: .seconds(3))
        #expect(links.count == 6)
        for link in links {
            #expect(link.log.lifecycle == [.started], "\(link.log.queue.label)")
            let distances = link.log.distances
            // Three links share each radio; each still gets most of its 10 Hz.
            #expect(distances.count >= 20, "\(link.log.queue.label): \(distances.count) updates")
            let truth = Self.distance(link.device, link.peer)
            let late = distances.suffix(10)
            #expect(late.allSatisfy { abs(Double($0) - truth) < 0.15 }, "\(link.log.queue.label): \(late) for \(truth) m")
        }
    }

    @Test("ending one pair leaves the device's other sessions ranging")
    func onePairEnds() throws {
        let (world, links) = try Self.triangle()
        world.advance(by: .seconds(2))
        let aliceToBob = try #require(links.first { $0.device == "alice" && $0.peer == "bob" })
        aliceToBob.session.invalidate()
        let counts = links.map { $0.log.distances.count }
        // Past the removal timeout, so that Bob's side ends even if the goodbye is lost.
        world.advance(by: .seconds(3.5))
        for (link, before) in zip(links, counts) {
            let label = link.log.queue.label
            switch (link.device, link.peer) {
            case ("alice", "bob"):
                #expect(link.log.distances.count == before, "\(label): nothing after invalidate()")
                #expect(link.log.lifecycle == [.started], "\(label)")
            case ("bob", "alice"):
                #expect(link.log.lifecycle == [.started, .removed(.peerEnded)], "\(label)")
            default:
                #expect(link.log.lifecycle == [.started], "\(label)")
                #expect(link.log.distances.count >= before + 25, "\(label) kept ranging")
                #expect(abs(Double(link.log.distances.last ?? 0) - Self.distance(link.device, link.peer)) < 0.15)
            }
        }
    }
}
