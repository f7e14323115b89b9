import EmulatorHarness
import Foundation
import NearbyInteraction
import UWBDevices
import UWBEmulator
import UWBEmulatorService
import UWBTestSupport

/// Alice and bob of an emulator service attached as apps in this process, each a session on its
/// own radio and socket, ranging with each other.
struct ServiceRangingPair {
    let radios: [ThreadedRadio]
    let sessions: [NISession]
    let waiters: [SessionWaiter]

    /// A session on `device` of `service`, with a waiter as its delegate.
    static func app(_ device: String, of service: EmulatorService) throws -> (ThreadedRadio, NISession, SessionWaiter) {
        let radio = try DeviceChoice.openEmulatorDevice(device, socketPath: service.socketPath)
        let waiter = SessionWaiter(name: device)
        let session = NISession(device: DeviceService(radio: radio))
        waiter.listen(to: session)
        return (radio, session, waiter)
    }

    init(on service: EmulatorService) throws {
        var radios: [ThreadedRadio] = [], sessions: [NISession] = [], waiters: [SessionWaiter] = []
        for device in ["alice", "bob"] {
            let (radio, session, waiter) = try Self.app(device, of: service)
            radios.append(radio)
            sessions.append(session)
            waiters.append(waiter)
        }
        self.radios = radios
        self.sessions = sessions
        self.waiters = waiters
        try TokenSwap.runBoth(sessions[0], sessions[1])
    }

    /// Whether both sides measured `more` distances beyond what they had.
    func keepRanging(more: Int) -> Bool {
        waiters.allSatisfy { $0.waitUntil(measured: $0.measured.count + more, timeout: .seconds(60)) }
    }

    func stop() {
        for session in sessions {
            session.invalidate()
        }
        for radio in radios {
            radio.stop()
        }
    }
}
