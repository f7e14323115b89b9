/// A frame carried to a chip whose receiver was not hunting for a preamble when it was carried:
/// its arrival's event, kept by the chip's port instead of being queued (``MediumPort/carry(_:slot:)``).
/// Only if the receiver starts hunting before the preamble arrives can the frame be locked onto,
/// and only then is the event queued, in the place in the simulator's order it reserved when the
/// frame was carried.
struct DeferredArrival {
    /// The arrival's event, not queued.
    let event: ArrivalEvent
    /// The place in the simulator's order the event would have had, reserved when the frame was
    /// carried.
    let sequence: UInt64
}
