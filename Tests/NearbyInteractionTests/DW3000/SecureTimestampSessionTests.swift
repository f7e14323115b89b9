import EmulatorHarness
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

    @Test("either side (one initiates, the other responds) invalidating an STS session: the peer hears the GOODBYE (its STS belongs to no round) and removes it at once as .peerEnded", arguments: [false, true])
    func stsGoodbye(aliceLeaves: Bool) throws {
        let pair = try SessionPair(
            bob: Vector3(x: 0, y: 0, z: -4), bobYaw: .degrees(180), aliceBoard: "ft232h-dwm3000-single", bobBoard: "ft232h-dwm3000-single")
        try pair.run()
        pair.world.advance(by: .seconds(2))
        #expect(pair.logs.allSatisfy { $0.distances.count >= 10 })
        let leaving = aliceLeaves ? pair.alice : pair.bob
        let start = pair.world.now
        leaving.invalidate()
        let timelines = pair.world.advance(by: .seconds(5), step: .milliseconds(10), watching: pair.logs)
        PeerEndedSessionTests.expectPeerEnded(timelines[aliceLeaves ? 1 : 0], after: start)
    }

    /// Alice's device ends its STS session with Bob and at once runs one with Carol, a DW1000 (no
    /// STS: another packet configuration), or the other way round. Bob's radio, still set for the
    /// old configuration, would not hear GOODBYEs sent in the new one.
    @Test("a device that ends a session and at once runs one with the other packet configuration (STS or none) still says goodbye first: the old peer removes it as .peerEnded, and the new session ranges",
          arguments: [true, false])
    func goodbyeBeforeTheConfigurationChanges(fromSTS: Bool) throws {
        let dwm3000 = "ft232h-dwm3000-single", dw1000 = "ft232h-dw1000-single"
        let trio = try Trio(bobBoard: fromSTS ? dwm3000 : dw1000, carolBoard: fromSTS ? dw1000 : dwm3000, ranging: .seconds(2))
        let (world, alice, bob, bobLog) = (trio.world, trio.alice, trio.bob, trio.bobLog)
        let carolLog = SessionRecorder(name: "carol"), aliceWithCarolLog = SessionRecorder(name: "alice-carol")
        #expect(bobLog.distances.count >= 10)
        let start = world.now
        alice.invalidate()
        let aliceWithCarol = try world.session(on: "alice", recorder: aliceWithCarolLog)
        let carol = try world.session(on: "carol", recorder: carolLog)
        try SessionWorld.pair(aliceWithCarol, carol)
        let timelines = world.advance(by: .seconds(2), step: .milliseconds(10), watching: [bobLog, aliceWithCarolLog])
        PeerEndedSessionTests.expectPeerEnded(timelines[0], after: start)
        #expect(aliceWithCarolLog.errors.isEmpty, "\(aliceWithCarolLog.errors)")
        #expect(aliceWithCarolLog.distances.count >= 10, "the new session ranges: \(aliceWithCarolLog.distances.count)")
        withExtendedLifetime((bob, carol, aliceWithCarol)) {}
    }

    /// One DW3220 board at the origin facing −z and a DW3110 board 3 m away at azimuth θ, at
    /// (3·sin θ, 0, −3·cos θ), its back turned to the origin: the true horizontal angle from the
    /// origin is atan2(3·sin θ, 3·cos θ) = θ, positive to the right (+x). `swapped` puts the DW3220
    /// on Bob's side instead of Alice's (the other role of the pairing), the peer at the origin.
    @Test("the DW3220 side of an STS session reports the peer's horizontal angle within 5°",
          arguments: [(-25.0, false), (35.0, false), (-25.0, true), (35.0, true)])
    func stsHorizontalAngle(degrees: Double, swapped: Bool) throws {
        let radians = degrees * .pi / 180
        let peer = Vector3(x: 3 * sin(radians), y: 0, z: -3 * cos(radians))
        let boards = ["ft232h-dw3220-pdoa", "ft232h-dwm3000-single"]
        let truth: Double
        let pair: SessionPair
        if swapped {
            // Bob's DW3220 at `peer`, turned by ψ about y so that the origin is at θ from his −z.
            let yaw = Angle(radians: atan2(peer.x, peer.z) + radians)
            pair = try SessionPair(bob: peer, bobYaw: yaw, aliceBoard: boards[1], bobBoard: boards[0])
            truth = degrees
        } else {
            pair = try SessionPair(
                bob: peer, bobYaw: SessionPair.facingOrigin(from: peer), aliceBoard: boards[0], bobBoard: boards[1])
            truth = atan2(peer.x, -peer.z) * 180 / .pi
        }
        try pair.run()
        pair.world.advance(by: .seconds(3))
        let log = swapped ? pair.bobLog : pair.aliceLog
        #expect(log.errors.isEmpty)
        let angles = log.updates.compactMap { call -> Double? in
            if case .updated(_, _, let angle?) = call { Double(angle) * 180 / .pi } else { nil }
        }
        #expect(angles.count >= 10, "\(angles.count) horizontal angles in \(log.updates.count) updates")
        let last = try #require(angles.last)
        #expect(abs(last - truth) < 5, "last angle \(last)°, truth \(truth)°; all: \(angles)")
    }

    /// Alice's DWM3000 at the origin and Bob (`bobBoard`) 4 m away along −z, facing her, ranging in a
    /// session for `ranging`; Carol (`carolBoard`) 3 m away along +z, with no session yet.
    struct Trio {
        let world: SessionWorld
        let alice: NISession
        let bob: NISession
        let aliceLog = SessionRecorder(name: "alice")
        let bobLog = SessionRecorder(name: "bob")

        init(bobBoard: String, carolBoard: String, ranging: Duration) throws {
            world = try SessionWorld(devices: [
                SessionWorld.device("alice", board: "ft232h-dwm3000-single", at: .zero),
                SessionWorld.device("bob", board: bobBoard, at: Vector3(x: 0, y: 0, z: -4), yaw: .degrees(180)),
                SessionWorld.device("carol", board: carolBoard, at: Vector3(x: 0, y: 0, z: 3)),
            ])
            alice = try world.session(on: "alice", recorder: aliceLog)
            bob = try world.session(on: "bob", recorder: bobLog)
            try SessionWorld.pair(alice, bob)
            world.advance(by: ranging)
        }
    }
}
