import UWBCore

/// How a ``ThreadedRadio``'s loop tells the time and waits for its chips between turns: on the
/// wall clock, polling the interrupt lines (``PolledInterrupts``, a USB board), or on the
/// emulator service's virtual clock, in turns with the service's world (``ServiceTurns``).
///
/// `Sendable`: ``wake()`` and ``abandon()`` come from any thread; the other members are used on
/// the loop thread only.
protocol LoopClock: AnyObject, Sendable {
    /// The loop's time. Loop only.
    var now: Duration { get }
    /// Whether the time is virtual. The loop then runs its app's reactions to the end before it
    /// waits (``LoopInbox/runReactions()``), so they happen at the instant they were delivered.
    var isVirtual: Bool { get }
    /// Waits until a chip's interrupt line may be asserted, `deadline` passes on this clock, or
    /// ``wake()`` is called; returns the indices of the chips whose lines are asserted. Loop only.
    ///
    /// - Throws: ``LoopWaitFailure`` naming the chip that could not be read.
    func wait(until deadline: Duration?, on transceivers: [any Transceiver]) throws(LoopWaitFailure) -> [Int]
    /// Ends a wait soon, because work was posted to the loop. Any thread.
    func wake()
    /// Ends a wait at once for good: the loop is stopping. Any thread.
    func abandon()
}

/// A ``LoopClock`` could not read a chip's interrupt line.
struct LoopWaitFailure: Error {
    /// The chip.
    let chip: Int
    /// What went wrong.
    let error: TransceiverError
}
