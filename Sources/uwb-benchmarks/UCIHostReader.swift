import Foundation
import UCI
import UWBCore
import UCIService

/// One UCI host's notifications as they arrive, read on a thread of its own: each
/// SESSION_INFO_NTF with the wall clock when its octets had been read and reassembled.
///
/// `@unchecked Sendable`: the host and the arrivals belong to the reading thread until
/// ``wait()`` returns; only then are they read.
final class UCIHostReader: @unchecked Sendable {
    /// One notification as it arrived.
    struct Arrival {
        /// The notification, not decoded.
        let raw: UCIRawMessage
        /// The wall clock when it was complete at the host.
        let wall: ContinuousClock.Instant
    }

    /// The host's connection name on the server ("host N").
    let connection: String
    /// The host, read on the reading thread.
    private let host: ScriptedHost
    /// Signalled when the reading thread ends.
    private let done = DispatchSemaphore(value: 0)
    /// The notifications read so far.
    private var received: [Arrival] = []
    /// Whether the reading thread is known to have ended (its semaphore was taken).
    private var hasEnded = false

    /// Reads `host`'s messages (connection `connection`) until a SESSION_INFO_NTF that `log`
    /// saw queued at or past `horizon` (virtual seconds) arrives, or the connection ends.
    init(host: ScriptedHost, connection: String, log: UCIQueueLog, horizon: Double) {
        self.host = host
        self.connection = connection
        Thread { [self] in
            while let raw = try? self.host.nextRaw() {
                let wall = ContinuousClock.now
                guard case .control(.notification, .sessionControl, UCIOpcodeID.SessionControl.start) = raw.header else { continue }
                received.append(Arrival(raw: raw, wall: wall))
                if let queued = log.entry(connection: connection, payload: raw.payload), queued.virtualSeconds >= horizon { break }
            }
            done.signal()
        }.start()
    }

    /// Waits up to `timeout` for the reading thread to reach the horizon.
    func wait(timeout: Duration) {
        if done.wait(timeout: .now() + timeout.secondsValue) == .success {
            hasEnded = true
        }
    }

    /// Closes the host's connection (ending a reading thread that is still waiting), waits for
    /// the thread, and returns what it read.
    func finish() -> [Arrival] {
        host.close()
        if !hasEnded {
            done.wait()
            hasEnded = true
        }
        return received
    }
}
