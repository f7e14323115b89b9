/// What a virtual chip needs from the world around it: time, the medium, and its radio loop.
public protocol ChipEnvironment: AnyObject {
    /// The simulator whose clock and queue the chip uses.
    var simulator: Simulator { get }

    /// The chip's preamble starts leaving its antenna now.
    func transmissionStarts(_ transmission: Transmission, from chip: VirtualDW1000)

    /// The chip locked onto `arrival` and has now received all of it: did another frame spoil it?
    func receptionFinished(_ arrival: Arrival, at chip: VirtualDW1000) -> ReceptionOutcome

    /// The chip locked onto `arrival` and its frame filter rejected it (UM §5.2).
    func receptionRejected(_ arrival: Arrival, at chip: VirtualDW1000)

    /// The chip's IRQ line changed.
    func interruptChanged(on chip: VirtualDW1000)
}
