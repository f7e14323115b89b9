import UWBCore

/// One ranging message as an IEEE 802.15.4 data frame between two short addresses of one PAN.
///
/// The payload is `[version][type][flags][session, 4 LE][round, 2 LE][body]`; a secured frame is
/// an IEEE 802.15.4-2006 secured frame (``protection``: auxiliary security header, MIC);
/// `Docs/ranging-protocol.md` has the byte tables. The MAC sequence number is the low octet of
/// ``round``; receivers do not check it.
public struct RangingFrame: Hashable, Sendable {
    /// The session the frame belongs to.
    public var session: SessionIdentifier
    /// The round counter: the initiator numbers each attempt, and every message of it repeats the number.
    public var round: UInt16
    /// The sender's short address.
    public var source: UInt16
    /// The recipient's short address.
    public var destination: UInt16
    /// The session's PAN.
    public var pan: PANIdentifier
    /// What the frame says.
    public var message: RangingMessage
    /// The security fields of a secured frame; `nil` for a plain one.
    public var protection: FrameProtection?

    /// A ranging frame with the given fields.
    public init(
        session: SessionIdentifier, round: UInt16, source: UInt16, destination: UInt16, pan: PANIdentifier,
        message: RangingMessage, protection: FrameProtection? = nil
    ) {
        self.session = session
        self.round = round
        self.source = source
        self.destination = destination
        self.pan = pan
        self.message = message
        self.protection = protection
    }
}
