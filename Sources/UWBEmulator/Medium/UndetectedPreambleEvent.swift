import UWBCore

/// A preamble too weak for the receiving chip to detect reaching its antenna, at a device's first
/// chip (the one its statistics count): all it can do is be lost, if the chip hunts for it then
/// (``Medium/preambleMissed(from:transmission:sent:at:slot:)``). Most frames the medium
/// carries are such interference, so it carries none of a frame's ``Arrival``.
final class UndetectedPreambleEvent: ScheduledEvent {
    /// The receiving chip's port (strongly, as ``ArrivalEvent`` holds it).
    let port: MediumPort
    /// The sending device's index in the medium.
    let sender: Int
    /// Which transmission of the run it is.
    let transmission: Int
    /// How it was sent, if known.
    let sent: RadioConfig?
    /// The reception's place in the frame's trace record.
    let slot: Int

    init(port: MediumPort, sender: Int, transmission: Int, sent: RadioConfig?, slot: Int) {
        self.port = port
        self.sender = sender
        self.transmission = transmission
        self.sent = sent
        self.slot = slot
    }

    override func run() {
        port.medium.preambleMissed(from: sender, transmission: transmission, sent: sent, at: port, slot: slot)
    }
}
