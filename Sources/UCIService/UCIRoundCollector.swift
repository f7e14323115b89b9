import UCI

/// Gathers a session's measurements of one ranging interval, one per peer, into the list of one
/// SESSION_INFO_NTF: a controller in a one-to-many session reports all its controlees together.
///
/// The interval is complete when every peer has an outcome; a peer whose next outcome comes
/// first (its round came before another peer's) completes it with what it has.
struct UCIRoundCollector {
    /// The peers, in the order their measurements are reported.
    let peers: [UInt16]
    /// The measurements of the interval so far, by peer.
    private var gathered: [UInt16: UCITwoWayMeasurement] = [:]

    /// A collector for `peers`.
    init(peers: [UInt16]) {
        self.peers = peers
    }

    /// Adds the measurement of `peer`'s round; returns the measurements of an interval it
    /// completed, in the peers' order.
    mutating func add(_ measurement: UCITwoWayMeasurement, from peer: UInt16) -> [UCITwoWayMeasurement]? {
        if gathered[peer] != nil {
            let finished = flush()
            gathered[peer] = measurement
            return finished
        }
        gathered[peer] = measurement
        return peers.allSatisfy({ gathered[$0] != nil }) ? flush() : nil
    }

    /// The gathered measurements in the peers' order, forgotten.
    private mutating func flush() -> [UCITwoWayMeasurement] {
        defer { gathered = [:] }
        return peers.compactMap { gathered[$0] }
    }
}
