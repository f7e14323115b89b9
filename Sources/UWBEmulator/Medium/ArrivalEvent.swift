/// A frame's preamble reaching one chip's antenna, where the chip may lock onto it: queued for
/// chips hunting for a preamble, kept back for the others (``MediumPort/carry(_:slot:)``); a
/// preamble too weak to detect is an ``UndetectedPreambleEvent`` instead.
final class ArrivalEvent: ScheduledEvent {
    /// The receiving chip's port. `unowned(unsafe)`: the medium owns its ports for the whole run
    /// and no event runs after the medium is gone (decision 0020), so the event need not keep the
    /// port; a strong reference cost a retain and a release of the cold port per reception, a
    /// checked `unowned` one a strong retain at every read. The port keeps back the events of a
    /// chip that is not hunting, which makes no cycle this way.
    unowned(unsafe) let port: MediumPort
    /// The frame as it reaches the antenna.
    let arrival: Arrival
    /// The reception's place in the frame's trace record, when it counts for the statistics
    /// (the device's first chip); nil otherwise.
    let slot: Int?

    init(port: MediumPort, arrival: Arrival, slot: Int?) {
        self.port = port
        self.arrival = arrival
        self.slot = slot
    }

    override func run() {
        port.medium.preambleArrives(arrival, at: port, slot: slot)
    }
}
