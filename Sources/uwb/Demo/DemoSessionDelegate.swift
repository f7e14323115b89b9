import NearbyInteraction
import UWBRanging

/// The delegate of one demo session (device → peer): it leaves what it hears in the mailbox and,
/// as Apple's sample app does, runs the session again when the peer times out.
///
/// `@unchecked Sendable`: its properties are immutable; the session and configuration are
/// thread-safe (`NISession` is `Sendable`, the configuration guards its state with a lock).
final class DemoSessionDelegate: NISessionDelegate, @unchecked Sendable {
    let device: String
    let peer: String
    private let mailbox: DemoMailbox
    private let configuration: NINearbyPeerConfiguration

    init(device: String, peer: String, mailbox: DemoMailbox, configuration: NINearbyPeerConfiguration) {
        self.device = device
        self.peer = peer
        self.mailbox = mailbox
        self.configuration = configuration
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

    private func post(_ event: DemoSessionEvent) {
        mailbox.post(DemoMailbox.Entry(device: device, peer: peer, event: event))
    }
}
