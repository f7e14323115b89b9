import Foundation
import UCI
import UWBTestSupport

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
    private let host: ScriptedHost
    private let done = DispatchSemaphore(value: 0)
    private var received: [Arrival] = []

    /// Reads `host`'s messages (connection `connection`) until `count` SESSION_INFO_NTFs have
    /// come or the connection ends.
    init(host: ScriptedHost, connection: String, count: Int) {
        self.host = host
        self.connection = connection
        Thread { [self] in
            while received.count < count, let raw = try? self.host.nextRaw() {
                let wall = ContinuousClock.now
                if case .control(.notification, .sessionControl, UCIOpcodeID.SessionControl.start) = raw.header {
                    received.append(Arrival(raw: raw, wall: wall))
                }
            }
            done.signal()
        }.start()
    }

    /// Waits for the reading thread and returns what it read.
    func wait() -> [Arrival] {
        done.wait()
        return received
    }

    /// Closes the host's connection.
    func close() {
        host.close()
    }
}
