/// A frame carried to a chip whose receiver was not hunting for a preamble when it was carried:
/// the event of its arrival (an ``ArrivalEvent`` or an ``UndetectedPreambleEvent``), kept by the
/// chip's port instead of being queued (``MediumPort/carry(_:slot:)``). Only if the receiver starts
/// hunting before the preamble arrives can the frame be locked onto or missed, and only then is the
/// event queued, in the place in the simulator's order it reserved when the frame was carried.
struct DeferredArrival {
    /// The arrival's event, not queued.
    let event: ScheduledEvent
    /// When the preamble reaches the antenna: when the event runs if queued.
    let start: SimulationTime
    /// The place in the simulator's order the event would have had, reserved when the frame was
    /// carried.
    let sequence: UInt64
}
