import Foundation
import NearbyInteraction
import simd
import Testing
import UWBCore
import UWBDevices
import UWBEmulator
import UWBTestSupport

/// The iOS-style view model ranging on the emulator.
///
/// What differs from an iOS app is only how each device's radio is chosen: an iOS app's
/// `NISession()` uses the phone's UWB chip; here three emulated devices share one process, so the
/// test wraps each app's calls in `DeviceService.withDefault(service) { … }` (a single app uses
/// `UWB_DEVICE=emulator:NAME` instead and needs no change at all).
///
/// The main queue: the view model is `@MainActor` and leaves `delegateQueue` nil, so its callbacks
/// arrive on the main queue, as on iOS. On Linux the main queue runs only while something serves it:
/// `dispatchMain()`, `RunLoop.main`, or an async `main`, which the test runner has (there the main
/// queue runs on a worker thread, not the main thread: `Thread.isMainThread` is false in a
/// `@MainActor` test). The emulation delivers each callback to the main queue and waits for it
/// before its next event, so the test must not drive virtual time from the main queue itself: that
/// would wait for itself. It is therefore a nonisolated async test that runs the emulation on its
/// own thread, as a radio's thread would, and talks to the view models with `await`, as a
/// background task of an app does.
@Suite("An iOS-style app ranges on the emulator")
struct RangingAppTests {
    /// Alice (a three-chip board: distance and direction) at the origin facing −z; Bob 3 m ahead,
    /// turned to face her; Carol 4 m to her right, turned to face her.
    static func world() throws -> (Emulation, alice: DeviceService, bob: DeviceService, carol: DeviceService) {
        let boards = try ["ft232h-dw1000-triple", "ft232h-dw1000-single"].map {
            try BoardDescription.load(from: Repository.path("Hardware/boards/\($0).json"))
        }
        let emulation = Emulation(seed: 17, channelModel: try ChannelModel(kind: .freeSpace, channel: .five))
        try emulation.add(DeviceSetup(name: "alice", board: boards[0], trajectory: .standing(at: Position(metres: Vector3(x: 0, y: 1, z: 0)))))
        try emulation.add(DeviceSetup(
            name: "bob", board: boards[1], trajectory: .standing(at: Position(metres: Vector3(x: 0, y: 1, z: -3))),
            orientation: Orientation(yaw: .degrees(180))))
        try emulation.add(DeviceSetup(
            name: "carol", board: boards[1], trajectory: .standing(at: Position(metres: Vector3(x: 4, y: 1, z: 0))),
            orientation: Orientation(yaw: .degrees(90))))
        let services = try ["alice", "bob", "carol"].map { DeviceService(radio: try emulation.radio($0)) }
        return (emulation, services[0], services[1], services[2])
    }

    @Test("swap archived tokens, range with two peers, compute with simd; no convergence or world transform without a camera")
    func ranging() async throws {
        let (emulation, aliceRadio, bobRadio, carolRadio) = try Self.world()
        let alice = await NearbyViewModel(), bob = await NearbyViewModel(), carol = await NearbyViewModel()

        // The only lines an iOS app would not have: each app's calls choose its emulated radio.
        @MainActor func on<Result>(_ radio: DeviceService, _ body: () throws -> Result) rethrows -> Result {
            try DeviceService.withDefault(radio, operation: body)
        }

        // Alice starts a session for each peer; the peers start one each; the tokens cross the
        // "network" as Data.
        let (aliceForBob, aliceForCarol, bobForAlice, carolForAlice) = try await MainActor.run {
            #expect(on(aliceRadio) { alice.isSupported })
            return (
                try on(aliceRadio) { try alice.makeSessionForNewPeer() }, try on(aliceRadio) { try alice.makeSessionForNewPeer() },
                try on(bobRadio) { try bob.makeSessionForNewPeer() }, try on(carolRadio) { try carol.makeSessionForNewPeer() })
        }
        try await MainActor.run {
            try on(aliceRadio) {
                try alice.received(peerTokenData: bobForAlice, forSessionWithToken: aliceForBob)
                try alice.received(peerTokenData: carolForAlice, forSessionWithToken: aliceForCarol)
            }
            try on(bobRadio) { try bob.received(peerTokenData: aliceForBob, forSessionWithToken: bobForAlice) }
            try on(carolRadio) { try carol.received(peerTokenData: aliceForCarol, forSessionWithToken: carolForAlice) }
        }

        emulation.run(until: emulation.simulator.now + .seconds(2))

        for (app, sessions) in [(alice, 2), (bob, 1), (carol, 1)] {
            #expect(await app.runningSessions == sessions)
            #expect(await app.invalidations.isEmpty)
        }
        // Alice keys her peers by the data their tokens arrived as: the bytes she received.
        let (bobToken, carolToken) = (bobForAlice, carolForAlice)
        let alicePeers = await alice.peers
        #expect(Set(alicePeers.keys) == [bobToken, carolToken])

        // Bob: 3 m straight ahead, measured with direction on Alice's three-chip board.
        let seenBob = try #require(alicePeers[bobToken])
        #expect(abs(try #require(seenBob.distance) - 3) < 0.15)
        let offset = try #require(seenBob.offset)
        #expect(simd_distance(offset, simd_float3(0, 0, -3)) < 0.3)
        #expect(seenBob.isAhead)
        #expect(abs(try #require(seenBob.azimuth)) < 0.2)
        // Carol: 4 m away.
        #expect(abs(try #require(alicePeers[carolToken]?.distance) - 4) < 0.15)
        // Bob's and Carol's single-chip boards measure distance only.
        let bobPeers = await bob.peers
        #expect(bobPeers.count == 1)
        #expect(bobPeers.values.allSatisfy { $0.direction == nil && abs(($0.distance ?? 0) - 3) < 0.15 })
        #expect(await carol.peers.count == 1)

        // Apple reports convergence and world transforms only for camera-assisted sessions, which
        // Linux cannot run: the app's callbacks stay silent.
        for app in [alice, bob, carol] {
            #expect(await app.convergenceUpdates.isEmpty)
            #expect(await app.worldTransforms.isEmpty)
        }

        // Bob's app stops: Alice removes him and keeps Carol.
        await bob.stop()
        emulation.run(until: emulation.simulator.now + .milliseconds(500))
        let remaining = await alice.peers
        #expect(remaining[bobToken] == nil)
        #expect(remaining[carolToken] != nil)
        await alice.stop()
        await carol.stop()
    }
}
