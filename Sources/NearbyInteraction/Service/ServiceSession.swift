import UWBRanging

/// A device service's record of one session, kept on the radio's loop.
final class ServiceSession {
    /// Where the session stands, as the service sees it.
    enum State: Hashable {
        /// Not run yet, paused, or suspended and resumed: waiting for `run`.
        case paused
        /// Ranging with its peer (or waiting for the peer to answer).
        case running
        /// Suspended; `run` waits for the suspension to end.
        case suspended
        /// Its peer was removed (timeout or goodbye); waiting for `run`.
        case removed
    }

    /// The session's own token.
    let token: NIDiscoveryToken
    /// The session, which receives the results; weak, so an app that drops it ends it.
    weak var owner: NISession?
    var state = State.paused
    /// The peer's token, once run.
    var peer: NIDiscoveryToken?
    /// Roles, session id and addresses, once run.
    var pairing: SessionPairing?
    /// The session's link on the device while running.
    var link: SessionLinkID?
    /// Whether the session listens to DL-TDoA anchors (an ``NIDLTDOAConfiguration``) while running.
    var listensDownlinkTDoA = false
    /// The latest measured peer, if measured since the last run.
    var lastObject: NINearbyObject?
    /// When the peer was last measured (or the run started), on the loop's clock.
    var lastContact: Duration = .zero
    /// Counts supervision timers, so that one armed before a stop does nothing after it.
    var supervision = 0
    /// The interval the peer has recently been measured at: a moving average (weight ¼ for the
    /// newest) of the intervals between measurements, the first counted from `run`; `nil` until
    /// the first measurement.
    var recentInterval: Duration?

    /// Notes a measurement `interval` after the previous one (or after `run`).
    func measured(after interval: Duration) {
        recentInterval = recentInterval.map { $0 * 0.75 + interval * 0.25 } ?? interval
    }

    init(token: NIDiscoveryToken, owner: NISession) {
        self.token = token
        self.owner = owner
    }
}
