/// Which way a traced UCI packet went, seen from whoever records it: the pcapng `epb_flags`
/// direction of its block (inbound or outbound on the connection's interface).
///
/// A UWBS (`uwb uci serve`) receives commands and sends responses and notifications; a host
/// backend sends commands and receives the rest.
public enum UCITraceDirection: Hashable, Sendable {
    /// The packet came in on the connection (pcapng "inbound").
    case received
    /// The packet went out on the connection (pcapng "outbound").
    case sent
}
