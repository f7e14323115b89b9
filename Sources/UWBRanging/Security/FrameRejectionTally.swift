import Synchronization

/// Counts of dropped frames by reason, safe to add to and read from any thread: what a
/// ``RangingScheduler`` drops before any link sees it (``FrameRejection/malformed``), kept where
/// its owner can read it while the radio's loop runs.
public final class FrameRejectionTally: Sendable {
    private let tally = Mutex<[FrameRejection: Int]>([:])

    /// An empty tally.
    public init() {}

    /// The counts so far.
    public var counts: [FrameRejection: Int] {
        tally.withLock { $0 }
    }

    /// Counts one frame dropped for `rejection`.
    public func count(_ rejection: FrameRejection) {
        tally.withLock { $0[rejection, default: 0] += 1 }
    }
}
