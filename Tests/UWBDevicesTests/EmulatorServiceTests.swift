import EmulatorHarness
import Foundation
import NearbyInteraction
import Synchronization
import Testing
import UWBCore
import UWBDevices
import UWBEmulator
import UWBEmulatorService
import UWBTestSupport

/// The emulator as a service: apps attach to its devices over a Unix socket (`UWB_DEVICE=emulator:NAME`)
/// and drive them with their own DW1000 driver on a loop thread. Both "apps" run in this process
/// here, on their own threads and sockets; the wire, the service and the client bus are the real ones.
@Suite("Emulator service", .serialized)
struct EmulatorServiceTests {
    /// A service with alice and bob, 3 m apart and facing each other, free for apps.
    static func service() throws -> EmulatorService {
        let emulation = try FacingPair.emulation(seed: 3)
        let path = "/tmp/swift-uwb-test-\(UUID().uuidString.prefix(8)).sock"
        let service = try EmulatorService(emulation: emulation, free: ["alice", "bob"], socketPath: path)
        service.start()
        return service
    }

    @Test("two apps attached to alice and bob range with each other", .timeLimit(.minutes(10)))
    func twoAppsRange() throws {
        let service = try Self.service()
        defer { service.stop() }
        let pair = try ServiceRangingPair(on: service)
        defer { pair.stop() }
        #expect(pair.radios.map(\.name) == ["emulator:alice", "emulator:bob"])
        #expect(pair.keepRanging(more: 5))
        for waiter in pair.waiters {
            for distance in waiter.measured.suffix(3) {
                #expect(abs(distance - 3) < 0.15, "\(waiter.measured)")
            }
        }
    }

    @Test("a second app on a taken device, or an unknown device, gets a clear refusal")
    func refusals() throws {
        let service = try Self.service()
        defer { service.stop() }
        let first = try DeviceChoice.openEmulatorDevice("alice", socketPath: service.socketPath)
        defer { first.stop() }
        #expect {
            _ = try DeviceChoice.openEmulatorDevice("alice", socketPath: service.socketPath)
        } throws: { error in
            (error as? DeviceChoiceError)?.description
                == "UWB_DEVICE=emulator:alice: the emulator service refused: device \"alice\" is in use by another app; each device takes one app at a time"
        }
        #expect {
            _ = try DeviceChoice.openEmulatorDevice("carol", socketPath: service.socketPath)
        } throws: { error in
            (error as? DeviceChoiceError)?.description
                == "UWB_DEVICE=emulator:carol: the emulator service refused: no free device \"carol\"; free devices: alice, bob"
        }
    }

    @Test("an app that goes away frees its device for the next, and the service carries on")
    func detachAndReattach() throws {
        let service = try Self.service()
        defer { service.stop() }
        do {
            let first = try DeviceChoice.openEmulatorDevice("bob", socketPath: service.socketPath)
            first.stop()
        }
        // The service frees the device when it sees the connection close; give it a moment, bounded.
        var second: ThreadedRadio?
        for _ in 0..<100 where second == nil {
            second = try? DeviceChoice.openEmulatorDevice("bob", socketPath: service.socketPath)
            if second == nil { Thread.sleep(forTimeInterval: 0.02) }
        }
        let reattached = try #require(second, "bob was not freed")
        reattached.stop()
    }

    @Test("the service stopping under a running session invalidates it with sessionFailed", .timeLimit(.minutes(10)))
    func serviceStops() throws {
        let service = try Self.service()
        let (radio, session, probe) = try ServiceRangingPair.app("alice", of: service)
        defer { radio.stop() }
        session.run(NINearbyPeerConfiguration(
            peerToken: NIDiscoveryToken.makeForNewSession(capabilities: NIRadioCapability(coherentReceivers: 1))))
        service.stop()
        #expect(probe.invalidated.wait(timeout: .now() + 10) == .success, "the session hung")
        #expect(probe.invalidations.first?.code == .sessionFailed)
    }
}
