import UWBCore

/// Which scrambled timestamp sequence (STS) each frame of one round of a secured link uses: the
/// session's frame number, from which the radio derives the frame's IV
/// (``SecureTimestampConfiguration/initializationVector(forFrame:)``). Both peers must load the
/// same one before the frame goes on the air, since the receiver correlates with the sequence it
/// expects.
///
/// A round's frame numbers follow from its POLL's frame counter, which the initiator makes a
/// multiple of ``perRound``: the POLL uses it, RESPONSE the next, FINAL the one after and REPORT
/// the last (the number the radio reaches by itself when it listens right after sending). The
/// responder expects the next POLL at the first multiple of ``perRound`` above the last frame
/// counter it accepted from the initiator (``LinkProtection/expectedPollFrameCounter``). A frame
/// the responder never detected makes it expect a POLL too early; that POLL's STS then fails, but
/// its frame counter, authenticated by its MIC, sets the expectation right for the next round
/// (`Docs/decisions/0023-sts-counters-from-frame-counters.md`).
public struct SecureTimestampRound: Hashable, Sendable {
    /// How many frame numbers a round takes: POLL, RESPONSE, FINAL and REPORT.
    public static let perRound: UInt32 = 4

    /// The POLL's frame counter, which is also its STS frame number.
    public let poll: UInt32

    /// The round whose POLL carried frame counter `poll`.
    public init(poll: UInt32) {
        self.poll = poll
    }

    /// The STS frame number of `message` in this round. A GOODBYE belongs to no round; it is
    /// given the POLL's (its time of arrival is never used).
    public func frame(of message: RangingMessageType) -> UInt32 {
        switch message {
        case .poll, .groupPoll, .goodbye: poll
        case .response: poll &+ 1
        case .final, .groupFinal: poll &+ 2
        case .report: poll &+ 3
        }
    }

    /// The frame counter of a POLL sent when the next free counter is `next`: the first multiple
    /// of ``perRound`` at or above it.
    ///
    /// - Throws: ``RangingFrameError/frameCountersExhausted`` if the round's numbers would pass
    ///   0xFFFFFFFE: the session must get new keys (a new token).
    static func pollFrameCounter(atLeast next: UInt32) throws(RangingFrameError) -> UInt32 {
        let aligned = (UInt64(next) + UInt64(perRound) - 1) / UInt64(perRound) * UInt64(perRound)
        guard aligned + UInt64(perRound) <= UInt64(UInt32.max) else { throw .frameCountersExhausted }
        return UInt32(aligned)
    }
}

extension SecureTimestampRound? {
    /// The command that loads `message`'s STS before it is sent or listened for; none on a plain
    /// link (no round numbers).
    func loading(_ message: RangingMessageType) -> [RangingCommand] {
        map { [.loadSecureTimestampSequence(frame: $0.frame(of: message))] } ?? []
    }
}
