import UWBCore

/// A transmission as the medium carries it to its receivers: the frame, which transmission of the
/// run it is, and where it leaves from.
struct OutgoingFrame {
    /// The transmission.
    let transmission: Transmission
    /// Which transmission of the run it is, named by its sender alone: what orders its arrivals among
    /// a receiver's events (``EventKey/arrival(at:receiver:transmission:chip:)``) and its record in a trace.
    let order: TransmissionOrder
    /// The sending device's index.
    let sender: Int
    /// The sending chip's index on its device.
    let chip: Int
    /// Where the sending antenna is when the RMARKER leaves it.
    let source: Position
    /// Whether the sending device never moves.
    let senderStill: Bool
    /// How much more the frame loses on its way than the channel model says, in dB: the Friis
    /// frequency term between the model's channel and the frame's (zero on the model's channel).
    let channelLoss: Double
    /// The channel the frame is sent on.
    let channel: Channel
    /// The frame's carrier frequency.
    var frequency: Frequency { channel.centreFrequency }
    /// 2π times the frame's carrier frequency, in radians per second: the carrier phase turns by
    /// this per second of flight.
    var angularFrequency: Double { 2 * Double.pi * frequency.hertz }
    /// The carrier's wavelength, in metres.
    var wavelength: Double { PhysicalConstants.speedOfLight.metresPerSecond / frequency.hertz }
    /// The medium's interference floor in dBm: the frame is carried only where it is at least this strong.
    let floor: Double
    /// Whether a trace is being written, so the frame's receptions are gathered for it.
    let tracing: Bool
    /// The medium's devices and, per device, its chips' ports, taken once for the frame: every
    /// read of the medium's own arrays would cost a runtime exclusivity check.
    let nodes: [MediumNode]
    let ports: [[MediumPort]]
    /// The medium that carries it, in every part of the world; it outlives every frame.
    unowned(unsafe) let medium: Medium
}


