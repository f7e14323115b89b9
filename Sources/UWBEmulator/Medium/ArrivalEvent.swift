/// A frame's preamble reaching one chip's antenna, where the chip may lock onto it: queued for
/// chips hunting for a preamble, kept back for the others (``MediumPort/carry(_:slot:)``); a
/// preamble too weak to detect is an ``UndetectedPreambleEvent`` instead.
final class ArrivalEvent: ScheduledEvent {
    /// The receiving chip's port, held strongly: a strong reference costs one retain and one
    /// release where an `unowned` one costs its own count's and a checked strong retain at every
    /// read. A port keeps back the events of a chip that is not hunting, a cycle the medium breaks
    /// when it goes (``MediumPort/discardKeptBack()``).
    let port: MediumPort
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
