/// Work a ``ThreadedRadio``'s loop runs at a time on its clock.
struct LoopTimer {
    /// When, on the radio's clock.
    let due: Duration
    /// Breaks ties between timers due at once: the earlier scheduled runs first.
    let sequence: Int
    /// What to run.
    let action: () -> Void
}
