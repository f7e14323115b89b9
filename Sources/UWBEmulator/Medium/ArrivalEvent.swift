/// A frame's preamble reaching one chip's antenna, where the chip may lock onto it: queued for
/// chips hunting for a preamble, kept back for the others (``MediumPort/carry(_:counts:)``); a
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
    /// Whether the reception counts for the device's statistics and trace: at its first chip.
    let counts: Bool

    init(port: MediumPort, arrival: Arrival, counts: Bool) {
        self.port = port
        self.arrival = arrival
        self.counts = counts
    }

    override func run() {
        port.medium.preambleArrives(arrival, at: port, counts: counts)
    }
}
