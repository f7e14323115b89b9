import Foundation

/// Waiting in tests for something another thread or process makes true.
public enum Eventually {
    /// Polls `condition` every few milliseconds until it holds, for at most `deadline` of wall time:
    /// a deadline for a dead peer, never a measure of speed, so it is generous (a minute by default).
    /// Returns whether it held.
    public static func holds(within deadline: Duration = .seconds(60), _ condition: () -> Bool) -> Bool {
        let end = ContinuousClock.now + deadline
        while !condition() {
            guard ContinuousClock.now < end else { return false }
            Thread.sleep(forTimeInterval: 0.005)
        }
        return true
    }
}
