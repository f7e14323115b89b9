/// What a virtual chip needs from the world around it: time, the medium, and its radio loop.
public protocol ChipEnvironment: AnyObject {
    /// The simulator whose clock and queue the chip uses.
    var simulator: Simulator { get }

    /// The chip's preamble starts leaving its antenna now.
    func transmissionStarts(_ transmission: Transmission, from chip: VirtualRadio)

    /// The chip locked onto `arrival` and has now received all of it: did another frame spoil it?
    func receptionFinished(_ arrival: Arrival, at chip: VirtualRadio) -> ReceptionOutcome

    /// The chip locked onto `arrival` and its frame filter rejected it (UM §5.2).
    func receptionRejected(_ arrival: Arrival, at chip: VirtualRadio)

    /// The chip locked onto `arrival` and lost it to a PHY header error (a packet configuration
    /// it does not expect).
    func receptionLost(_ arrival: Arrival, at chip: VirtualRadio)

    /// The frames carrying an STS that reached the chip's antenna while it received `arrival`
    /// (`arrival` itself included if it carries one): what its STS correlator can find.
    func secureTimestampsOnAir(during arrival: Arrival, at chip: VirtualRadio) -> [SecureTimestampOnAir]

    /// The chip's IRQ line changed.
    func interruptChanged(on chip: VirtualRadio)
}
