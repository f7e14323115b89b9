/// Sees each UCI packet the server queues for a host, on the world's thread, with the world's
/// virtual time then: for benchmarks that relate what a host receives to when the world made it
/// (`uwb-benchmarks uci`). Must return quickly: the world waits for it.
package protocol UCIServerObserver: Sendable {
    /// `packets` (one message's segments) were queued for the connection named `connection`
    /// ("host N") at virtual time `virtualSeconds` (seconds since the world's start).
    func queued(_ packets: [[UInt8]], for connection: String, virtualSeconds: Double)
}
