import Foundation
import Synchronization
import UCIService

/// What the UCI server queued for its hosts, as the benchmark's ``UCIServerObserver``: for every
/// SESSION_INFO_NTF, when the world queued it (virtual time and wall clock), keyed by the
/// connection and the notification's payload (session handle and sequence number make it unique);
/// and when the world reaches a horizon of virtual time.
final class UCIQueueLog: UCIServerObserver {
    /// When one notification was queued.
    struct Entry {
        /// The world's virtual time, seconds since its start: the instant of the event that
        /// completed the round.
        let virtualSeconds: Double
        /// The wall clock then.
        let wall: ContinuousClock.Instant
    }

    /// The first octet of a SESSION_INFO_NTF packet: MT 011 (notification), PBF 0, GID 2.
    static let sessionInfoFirstOctet: UInt8 = 0x62
    /// Octets of a control packet's header.
    static let headerSize = 4

    /// The notifications seen, and the latest virtual time and the horizon.
    private struct State {
        /// Each notification's queueing, by connection and payload.
        var entries: [String: Entry] = [:]
        /// The latest virtual time of a notification so far.
        var latest = 0.0
        /// The virtual time a run ends at; infinite until set.
        var horizon = Double.infinity
        /// Whether a notification at or past the horizon has been queued.
        var reached = false
    }

    private let state = Mutex(State())
    /// Signalled once, when the horizon is reached.
    private let horizonReached = DispatchSemaphore(value: 0)

    /// Notes each SESSION_INFO_NTF (OID 0; single-packet) queued for `connection`.
    func queued(_ packets: [[UInt8]], for connection: String, virtualSeconds: Double) {
        guard packets.count == 1, let packet = packets.first, packet.count > Self.headerSize,
              packet[0] == Self.sessionInfoFirstOctet, packet[1] & 0x3F == 0
        else { return }
        let wall = ContinuousClock.now
        let key = Self.key(connection: connection, payload: packet[Self.headerSize...])
        let reachesHorizon = state.withLock { state in
            state.entries[key] = Entry(virtualSeconds: virtualSeconds, wall: wall)
            state.latest = max(state.latest, virtualSeconds)
            guard !state.reached, virtualSeconds >= state.horizon else { return false }
            state.reached = true
            return true
        }
        if reachesHorizon { horizonReached.signal() }
    }

    /// Sets the horizon `seconds` of virtual time after the latest notification seen so far;
    /// returns it.
    func setHorizon(after seconds: Double) -> Double {
        state.withLock { state in
            state.horizon = state.latest + seconds
            return state.horizon
        }
    }

    /// Waits until a notification at or past the horizon has been queued.
    func waitForHorizon() {
        horizonReached.wait()
    }

    /// When the notification with `payload` for `connection` was queued; nil if it was not seen.
    func entry(connection: String, payload: some Collection<UInt8>) -> Entry? {
        let key = Self.key(connection: connection, payload: payload)
        return state.withLock { $0.entries[key] }
    }

    /// The dictionary key of a notification.
    private static func key(connection: String, payload: some Collection<UInt8>) -> String {
        connection + ":" + payload.map { String($0, radix: 16) }.joined(separator: ".")
    }
}
