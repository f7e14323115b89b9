/// A frame carried to a chip of another part of the world than its sender's (``WorldPart``), waiting
/// for the parts to meet: what the medium would have handed the chip's port at once had the two
/// devices been in one part.
enum CrossingFrame {
    /// A preamble the chip may lock onto (``MediumPort/carry(_:slot:)``).
    case arrival(MediumPort, Arrival, slot: Int?)
    /// A frame too weak to detect (``MediumPort/carryUndetected(_:preamble:)``).
    case undetected(MediumPort, MediumPort.FrameOnAir, preamble: UndetectedPreamble?)

    /// When the frame reaches its antenna.
    var start: SimulationTime {
        switch self {
        case .arrival(_, let arrival, _): arrival.start
        case .undetected(_, let frame, _): frame.start
        }
    }

    /// Hands the frame to its port, whose simulator is `simulator`, on that part's thread.
    ///
    /// A frame must land before its part's clock reaches its arrival: the windows guarantee it
    /// (``WorldPart/lookahead``); a frame that came too late would be dropped without a trace, so
    /// one is a defect of the emulator, and the run stops with the frame's times.
    func land(on simulator: Simulator) {
        precondition(
            start > simulator.now,
            "a frame reached another part at \(start) after that part had run to \(simulator.now): the parts' lookahead is wrong")
        landAtOnce()
    }

    /// Hands the frame to its port, in the sender's part when the receiver is in it.
    func landAtOnce() {
        switch self {
        case .arrival(let port, let arrival, let slot): port.carry(arrival, slot: slot)
        case .undetected(let port, let frame, let preamble): port.carryUndetected(frame, preamble: preamble)
        }
    }
}
