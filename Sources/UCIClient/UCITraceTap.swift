import Foundation
import UCI

/// Where a UCI device's packets go when it is traced: the trace and the connection's name in it.
/// Flushes after each record, so the file is whole while the program runs (a UCI device's
/// traffic is a few packets per ranging round).
struct UCITraceTap: Sendable {
    /// The trace, if any.
    let trace: UCITraceWriter?
    /// The interface name of the device's packets.
    let connection: String

    /// Records `packets` going `direction` now, if traced.
    func record(_ packets: [[UInt8]], direction: UCITraceDirection) {
        guard let trace, !packets.isEmpty else { return }
        let now = Date()
        for packet in packets {
            trace.record(packet, direction: direction, at: now, connection: connection)
        }
        try? trace.flush()
    }
}
