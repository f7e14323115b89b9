/// One responder of a group round, as a group POLL names it: the session the responder ranges in
/// and its short address in that session. An entry's position in the POLL is the responder's slot.
public struct GroupPollEntry: Hashable, Sendable {
    /// The session of this responder's link with the initiator.
    public var session: SessionIdentifier
    /// The responder's short address in that session.
    public var responder: UInt16

    /// An entry with the given session and responder address.
    public init(session: SessionIdentifier, responder: UInt16) {
        self.session = session
        self.responder = responder
    }

    /// The entry's octets: session (4, LE), responder (2, LE).
    var octets: [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: session.rawValue >> (8 * $0)) }
            + [UInt8(truncatingIfNeeded: responder), UInt8(truncatingIfNeeded: responder >> 8)]
    }

    /// The entry in `octets` (exactly ``RangingFrameFormat/groupEntryLength`` of them).
    init(octets: ArraySlice<UInt8>) {
        let start = octets.startIndex
        session = SessionIdentifier(rawValue: (0..<4).reduce(UInt32(0)) { $0 | UInt32(octets[start + $1]) << (8 * $1) })
        responder = UInt16(octets[start + 4]) | UInt16(octets[start + 5]) << 8
    }
}
