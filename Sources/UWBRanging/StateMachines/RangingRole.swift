/// Which side of a two-way ranging round a device plays; the caller chooses it.
public enum RangingRole: Hashable, Sendable {
    /// Sends POLL and FINAL, receives RESPONSE and REPORT.
    case initiator
    /// Receives POLL and FINAL, sends RESPONSE and REPORT.
    case responder
}
