import UWBCore

/// One side's record of a completed double-sided round: the six timestamps, the receptions it
/// made, and the responder's time of flight. A plain value; the engine turns it into a measurement.
///
/// The initiator's clock gives POLL's TX, RESPONSE's RX and FINAL's TX timestamps; the responder's
/// the other three. Both sides end up with all six.
public struct CompletedRound: Hashable, Sendable {
    /// The session.
    public var session: SessionIdentifier
    /// The round number of the attempt that completed.
    public var round: UInt16
    /// The peer's short address.
    public var peer: UInt16
    /// The side that recorded this round.
    public var role: RangingRole
    /// Which attempt completed: 1 for the first, 2 after one retry, and so on (always 1 for the responder).
    public var attempt: Int
    /// The six timestamps of the round.
    public var timestamps: RoundTimestamps
    /// The diagnostics of the frames this side received (RESPONSE and REPORT for the initiator,
    /// POLL and FINAL for the responder), indexed by chip: one entry per receiver of the board,
    /// `nil` for a chip that did not deliver that frame.
    public var receptions: [RangingMessageType: [ReceptionDiagnostics?]]
    /// The responder's time of flight: what REPORT carried (initiator) or what it sent (responder);
    /// `nil` if it had none.
    public var reportedTimeOfFlight: ReportedTimeOfFlight?

    /// A completed round with the given values.
    public init(
        session: SessionIdentifier, round: UInt16, peer: UInt16, role: RangingRole, attempt: Int,
        timestamps: RoundTimestamps, receptions: [RangingMessageType: [ReceptionDiagnostics?]], reportedTimeOfFlight: ReportedTimeOfFlight?
    ) {
        self.session = session
        self.round = round
        self.peer = peer
        self.role = role
        self.attempt = attempt
        self.timestamps = timestamps
        self.receptions = receptions
        self.reportedTimeOfFlight = reportedTimeOfFlight
    }
}
