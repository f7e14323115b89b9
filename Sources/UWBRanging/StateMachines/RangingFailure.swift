/// A ranging round that did not complete on one side.
public struct RangingFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// Why it failed (the last attempt's reason when retries ran out).
    public var kind: RangingFailureKind
    /// The round number of the last attempt.
    public var round: UInt16
    /// The side that failed.
    public var role: RangingRole
    /// How many attempts were made (the responder makes one).
    public var attempts: Int
    /// The session of the round, which tells the links of a group round apart.
    public var session: SessionIdentifier

    /// A failure with the given values.
    public init(kind: RangingFailureKind, round: UInt16, role: RangingRole, attempts: Int, session: SessionIdentifier) {
        self.kind = kind
        self.round = round
        self.role = role
        self.attempts = attempts
        self.session = session
    }

    /// The round, the side and the reason.
    public var description: String {
        "\(role) round \(round) failed after \(attempts) attempt\(attempts == 1 ? "" : "s"): \(kind)"
    }
}
