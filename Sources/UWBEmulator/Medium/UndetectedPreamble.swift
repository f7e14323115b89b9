import UWBCore

/// A preamble too weak for the receiving chip to detect, reaching a device's first chip (the one its
/// statistics count): all it can do is be lost, if the chip hunts for it when it arrives
/// (``Medium/preambleMissed(from:transmission:sent:at:)``). A plain value, so that a port can keep
/// it back without an event (``DeferredArrival``) while the chip is not hunting.
struct UndetectedPreamble {
    /// The sending device's index in the medium.
    let sender: Int
    /// Which transmission of the run it is.
    let transmission: TransmissionOrder
    /// How it was sent, if known.
    let sent: RadioConfig?
}
