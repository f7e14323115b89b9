/// A frame carried to a chip whose receiver was not hunting for a preamble when it was carried,
/// kept by the chip's port instead of being queued (``MediumPort/carry(_:counts:)``). Only if the
/// receiver starts hunting before the preamble arrives can the frame be locked onto or missed, and
/// only then is its event queued, in the place in the simulator's order its key gives it, as if it had
/// been queued when the frame was carried.
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
    /// Its place in the simulator's order (``EventKey/arrival(at:receiver:transmission:chip:)``): when
    /// the preamble reaches the antenna, which is when the event runs if queued, and its place among
    /// the receiver's events then.
    let key: EventKey
    /// When the preamble reaches the antenna.
    var start: SimulationTime { key.time }
}
