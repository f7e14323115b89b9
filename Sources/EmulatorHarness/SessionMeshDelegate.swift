import NearbyInteraction
import UWBEmulator
import UWBRanging

/// The delegate of one session of a ``SessionMesh`` (device → peer): it leaves what it hears in the
/// mailbox and, as Apple's sample app does, runs the session again when the peer times out.
///
/// `@unchecked Sendable`: its properties are immutable; the session and configuration are
/// thread-safe (`NISession` is `Sendable`, the configuration guards its state with a lock); `clock`
/// reads the device's virtual time, which is safe while its loop waits for a delegate call to return.
final class SessionMeshDelegate: NISessionDelegate, @unchecked Sendable {
    let device: String
    let peer: String
    private let mailbox: SessionMeshMailbox
    private let configuration: NINearbyPeerConfiguration
    private let clock: @Sendable () -> SimulationTime

    /// The delegate of `device`'s session with `peer`, which runs `configuration` again after a
    /// timeout and stamps what it leaves in `mailbox` with `clock`, the device's virtual time.
    init(
        device: String, peer: String, mailbox: SessionMeshMailbox, configuration: NINearbyPeerConfiguration,
        clock: @escaping @Sendable () -> SimulationTime
    ) {
        self.device = device
        self.peer = peer
        self.mailbox = mailbox
        self.configuration = configuration
        self.clock = clock
    }

    func sessionDidStartRunning(_ session: NISession) {
        post(.started)
    }

    func session(_ session: NISession, didMeasure measurement: RangingMeasurement, of nearbyObject: NINearbyObject) {
        post(.measured(nearbyObject, measurement))
    }

    func session(_ session: NISession, didRemove nearbyObjects: [NINearbyObject], reason: NINearbyObject.RemovalReason) {
        post(.removed(reason))
        if reason == .timeout {
            session.run(configuration)
        }
    }

    func session(_ session: NISession, didInvalidateWith error: any Error) {
        post(.invalidated(error as? NIError ?? NIError(.sessionFailed)))
    }

    private func post(_ event: SessionMeshEvent) {
        mailbox.post(SessionMeshReport(device: device, peer: peer, time: clock(), event: event))
    }
}
