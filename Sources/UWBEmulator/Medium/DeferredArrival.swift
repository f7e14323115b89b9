/// A frame carried to a chip whose receiver was not hunting for a preamble when it was carried,
/// kept by the chip's port instead of being queued (``MediumPort/carry(_:slot:)``). Only if the
/// receiver starts hunting before the preamble arrives can the frame be locked onto or missed, and
/// only then is its event queued, in the place in the simulator's order it reserved when the frame
/// was carried.
struct DeferredArrival {
    /// What arrives.
    enum Kind {
        /// A preamble the chip may lock onto: its event, not queued.
        case arrival(ArrivalEvent)
        /// A preamble too weak to detect: its event is made only if it is queued, since most are not.
        case undetected(UndetectedPreamble)
    }

    /// What arrives.
    let kind: Kind
    /// When the preamble reaches the antenna: when the event runs if queued.
    let start: SimulationTime
    /// The place in the simulator's order the event would have had, reserved when the frame was
    /// carried.
    let sequence: UInt64
}
