import UWBRanging

/// What a ``RangingScheduler`` reported for one link in a test: its handlers' calls.
struct LinkReports {
    /// Rounds completed on this side, in order.
    var completed: [CompletedRound] = []
    /// Rounds failed on this side, in order.
    var failures: [RangingFailure] = []
    /// How many times the peer's GOODBYE was reported.
    var peerEnded = 0
}
