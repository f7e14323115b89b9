/// An ``UndetectedPreamble`` arriving at a chip hunting for a preamble, or one whose receiver started
/// hunting before it arrived: most frames the medium carries are such interference, so it carries none
/// of a frame's ``Arrival``.
final class UndetectedPreambleEvent: ScheduledEvent {
    /// The receiving chip's port (`unowned(unsafe)`, as ``ArrivalEvent`` holds it).
    unowned(unsafe) let port: MediumPort
    /// The preamble.
    let preamble: UndetectedPreamble

    init(port: MediumPort, preamble: UndetectedPreamble) {
        self.port = port
        self.preamble = preamble
    }

    override func run() {
        port.medium.preambleMissed(
            from: preamble.sender, transmission: preamble.transmission, sent: preamble.sent, at: port)
    }
}
