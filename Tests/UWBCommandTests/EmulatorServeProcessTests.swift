import EmulatorHarness
import Foundation
import NearbyInteraction
import Testing
import UWBCore
import UWBDevices
import UWBEmulator
import UWBTestSupport

/// `uwb emulator serve` as a process: the signals that stop it, a service killed under its apps,
/// the socket file it leaves and the service that replaces it.
@Suite("uwb emulator serve as a process", .serialized)
struct EmulatorServeProcessTests {
    @Test("SIGTERM and SIGINT both stop the service and remove its socket", arguments: [SIGTERM, SIGINT])
    func signalsRemoveTheSocket(signal: Int32) throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let service = try ServeProcess(uwb: uwb)
        #expect(service.firstLine.hasPrefix("serving phone, tag, laptop at \(service.socket)"), "\(service.firstLine)")
        #expect(FileManager.default.fileExists(atPath: service.socket))
        let rest = service.end(with: signal)
        #expect(service.process.terminationReason == .exit && service.process.terminationStatus == 0, "\(rest)")
        #expect(rest.contains("stopped at"), "\(rest)")
        #expect(!FileManager.default.fileExists(atPath: service.socket))
    }

    @Test("a service killed under an app invalidates its session with sessionFailed; the next service replaces the dead socket, a third is refused",
          .timeLimit(.minutes(10)))
    func killedService() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let first = try ServeProcess(uwb: uwb, arguments: ["--speed", "0"])
        let radio = try DeviceChoice.openEmulatorDevice("phone", socketPath: first.socket)
        defer { radio.stop() }
        let waiter = SessionWaiter(name: "phone")
        let session = NISession(device: DeviceService(radio: radio))
        waiter.listen(to: session)
        session.run(NINearbyPeerConfiguration(
            peerToken: NIDiscoveryToken.makeForNewSession(capabilities: NIRadioCapability(coherentReceivers: 1))))
        #expect(waiter.started.wait(timeout: .now() + 60) == .success)
        _ = first.end(with: SIGKILL)
        #expect(waiter.invalidated.wait(timeout: .now() + 60) == .success, "the session hung")
        #expect(waiter.invalidations.first?.code == .sessionFailed)
        #expect(FileManager.default.fileExists(atPath: first.socket), "a killed service leaves its socket file")

        let second = try ServeProcess(uwb: uwb, socket: first.socket)
        #expect(second.firstLine.hasPrefix("serving"), "\(second.firstLine)")
        let third = try ServeProcess(uwb: uwb, socket: first.socket)
        third.process.waitUntilExit()
        #expect(third.process.terminationStatus != 0)
        #expect(third.firstLine.contains("another emulator service is already serving at \(first.socket)"), "\(third.firstLine)")
        _ = second.end(with: SIGTERM)
    }
}
