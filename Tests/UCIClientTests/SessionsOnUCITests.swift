import Foundation
@testable import NearbyInteraction
import NearbyInteractionDefaultDevice
import Testing
import UCI
import UCIClient
import UWBCore
import UWBTestSupport

/// NISessions on UCI devices: two apps whose UWB_DEVICE is `uci:tcp://…` range with each other
/// through `uwb uci serve`, with the room's physics in their distances and angles.
@Suite(.timeLimit(.minutes(10))) struct SessionsOnUCITests {
    @Test func twoServicesOnUCIDevicesRangeAtTheRoomsDistance() async throws {
        let room = try UCITestServer(try FacingPair.emulation(seed: 21, distance: 3))
        let alice = try room.service()
        let bob = try room.service()
        #expect(alice.capabilities.supportsPreciseDistanceMeasurement && !alice.capabilities.supportsHorizontalAngleMeasurement)
        #expect(alice.radio == nil && alice.uciDevice != nil && alice.deviceName.hasPrefix("uci:tcp://127.0.0.1:"))
        let pair = try SessionPair.running(on: alice, bob)
        let (first, second) = (pair.first.events(), pair.second.events())
        let aliceSide = await updates(of: first, count: 5)
        let bobSide = await updates(of: second, count: 5)
        #expect(aliceSide.ending == nil && bobSide.ending == nil, "\(String(describing: aliceSide.ending)) \(String(describing: bobSide.ending))")
        for object in aliceSide.objects + bobSide.objects {
            let distance = try #require(object.distance)
            #expect(abs(distance - 3) < 0.1, "distance \(distance) m, truth 3 m")
            #expect(object.horizontalAngle == nil && object.direction == nil)
        }
        #expect(aliceSide.objects.allSatisfy { $0.discoveryToken == pair.second.discoveryToken })
        pair.first.invalidate()
        pair.second.invalidate()
    }

    @Test("with extended addresses (MAC_ADDRESS_MODE 2) on both sides the devices range, and each side takes the peer's 8-octet results")
    func extendedAddressesRange() async throws {
        let room = try UCITestServer(try FacingPair.emulation(seed: 23, distance: 3))
        let settings = DeviceServiceSettings(removalTimeout: UCITestServer.removalTimeout, uciAddressing: .extended)
        let alice = try room.service(settings: settings)
        let bob = try room.service(settings: settings)
        let pair = try SessionPair.running(on: alice, bob)
        let aliceSide = await updates(of: pair.first.events(), count: 3)
        let bobSide = await updates(of: pair.second.events(), count: 3)
        #expect(aliceSide.ending == nil && bobSide.ending == nil, "\(String(describing: aliceSide.ending)) \(String(describing: bobSide.ending))")
        #expect((aliceSide.objects + bobSide.objects).allSatisfy { abs(($0.distance ?? 0) - 3) < 0.1 }, "\(aliceSide) \(bobSide)")
        pair.first.invalidate()
        pair.second.invalidate()
    }

    @Test("UWB_UCI_ADDRESSES picks the addressing of the service NISession() opens; a value other than short or extended is refused, saying what to write")
    func addressingFromTheEnvironment() throws {
        let room = try UCITestServer(try FacingPair.emulation(seed: 23, distance: 3))
        let device = "uci:" + room.endpoint.description
        let extended = try DeviceService.service(forEnvironment: ["UWB_DEVICE": device, "UWB_UCI_ADDRESSES": "extended"]).get()
        #expect(extended.settings.uciAddressing == .extended)
        let unset = try DeviceService.service(forEnvironment: ["UWB_DEVICE": device]).get()
        #expect(unset.settings.uciAddressing == .short)
        guard case .failure(let error) = DeviceService.service(forEnvironment: ["UWB_DEVICE": device, "UWB_UCI_ADDRESSES": "long"]) else {
            Issue.record("UWB_UCI_ADDRESSES=long was taken"); return
        }
        #expect(error.code == .unsupportedPlatform)
        #expect(error.detail?.contains("UWB_UCI_ADDRESSES=long names no addressing: write short or extended") == true, "\(error)")
    }

    @Test func sessionsRangeOnAUCI1Device() async throws {
        let room = try UCITestServer(try FacingPair.emulation(seed: 25, distance: 4), version: UCIVersion(major: 1, minor: 1))
        let alice = try room.service()
        let bob = try room.service()
        #expect(alice.uciDevice?.revision == .v1, "session ids are the tokens of session messages")
        let pair = try SessionPair.running(on: alice, bob)
        let aliceSide = await updates(of: pair.first.events(), count: 3)
        #expect(aliceSide.ending == nil && aliceSide.objects.allSatisfy { abs(($0.distance ?? 0) - 4) < 0.1 }, "\(aliceSide)")
        pair.first.invalidate()
        pair.second.invalidate()
    }

    @Test func aPhoneWithAnArrayGetsTheTagsAzimuthAndDirection() async throws {
        let azimuth = Angle.degrees(30)
        let room = try UCITestServer(try PhoneAndTag.emulation(distance: 2, azimuth: azimuth, seed: 9))
        let phone = try room.service()
        let tag = try room.service()
        #expect(phone.capabilities.supportsDirectionMeasurement)
        let pair = try SessionPair.running(on: phone, tag)
        let phoneSide = await updates(of: pair.first.events(), count: 8)
        #expect(phoneSide.ending == nil)
        let last = try #require(phoneSide.objects.last)
        let angle = try #require(last.horizontalAngle)
        #expect(abs(Double(angle) - azimuth.radians) < Angle.degrees(5).radians, "azimuth \(Angle(radians: Double(angle)).degrees)°, truth 30°")
        let direction = try #require(last.direction)
        // Analytic: a level peer at azimuth θ is at (sin θ, 0, −cos θ).
        #expect(abs(Double(direction.x) - sin(azimuth.radians)) < 0.1 && abs(Double(direction.y)) < 0.1
            && abs(Double(direction.z) + cos(azimuth.radians)) < 0.1, "direction \(direction)")
        #expect(abs(try #require(last.distance) - 2) < 0.1)
        pair.first.invalidate()
        pair.second.invalidate()
    }

    @Test func aPeerThatEndsIsRemovedByItsSilence() async throws {
        let room = try UCITestServer(try FacingPair.emulation(seed: 22, distance: 2))
        var settings = DeviceServiceSettings()
        // The removal is what the test waits for after the peer ends, on the wall clock: short,
        // but long enough that a loaded machine does not remove a live peer before that.
        settings.removalTimeout = .seconds(5)
        let alice = try room.service(settings: settings)
        let bob = try room.service(settings: settings)
        let pair = try SessionPair.running(on: alice, bob)
        let stream = pair.first.events()
        #expect(await updates(of: stream, count: 2).ending == nil)
        pair.second.invalidate()
        var removal: NINearbyObject.RemovalReason?
        for await event in stream {
            if case .didRemove(_, let reason) = event {
                removal = reason
                break
            }
        }
        #expect(removal == .timeout, "FiRa has no goodbye: the peer is removed when its rounds time out")
        pair.first.invalidate()
    }

    @Test func theDevicesSessionLimitEndsTheSessionPastIt() async throws {
        let room = try UCITestServer(try FacingPair.emulation(seed: 23))
        let alice = try room.service()
        let bob = try room.service()
        // uwb uci serve holds five sessions per UWBS; the sixth SESSION_INIT is refused.
        var sessions: [NISession] = []
        var streams: [AsyncStream<NISession.Event>] = []
        for _ in 0..<6 {
            let peer = try #require(NISession(device: bob).discoveryToken)
            let session = NISession(device: alice)
            streams.append(session.events())
            session.run(NINearbyPeerConfiguration(peerToken: peer))
            sessions.append(session)
        }
        let invalidation = await invalidation(in: try #require(streams.last))
        #expect(invalidation?.code == .activeSessionsLimitExceeded, "\(String(describing: invalidation))")
        #expect(invalidation?.detail?.contains("SESSION_INIT_CMD") == true)
        for session in sessions { session.invalidate() }
    }

    @Test func aDeviceThatReportsAnErrorInvalidatesItsSessions() async throws {
        let room = try UCITestServer(try FacingPair.emulation(seed: 25))
        let relay = try UCIFaultRelay(serverPort: room.server.port)
        let alice = DeviceService(
            uciDevice: try UCIDevice.open(.tcp(host: "127.0.0.1", port: relay.port), responseTimeout: UCITestServer.responseTimeout),
            settings: DeviceServiceSettings(removalTimeout: UCITestServer.removalTimeout))
        let bob = try room.service()
        let pair = try SessionPair.running(on: alice, bob)
        let stream = pair.first.events()
        #expect(await updates(of: stream, count: 1).ending == nil)
        // CORE_DEVICE_STATUS_NTF (MT 3, GID 0, OID 1), state 0xFF: DEVICE_STATE_ERROR.
        relay.slipIn([0x60, 0x01, 0x00, 0x01, 0xFF])
        let invalidation = await invalidation(in: stream)
        #expect(invalidation?.code == .sessionFailed)
        #expect(invalidation?.detail?.contains("DEVICE_STATE_ERROR") == true, "\(String(describing: invalidation?.detail))")
        pair.second.invalidate()
    }

    @Test func aDeviceThatGoesAwayInvalidatesItsSessions() async throws {
        let room = try UCITestServer(try FacingPair.emulation(seed: 24))
        let alice = try room.service()
        let bob = try room.service()
        let pair = try SessionPair.running(on: alice, bob)
        let stream = pair.first.events()
        #expect(await updates(of: stream, count: 1).ending == nil)
        room.server.stop()
        let invalidation = await invalidation(in: stream)
        #expect(invalidation?.code == .sessionFailed)
        #expect(invalidation?.detail?.contains("went away") == true, "\(String(describing: invalidation?.detail))")
    }
}
