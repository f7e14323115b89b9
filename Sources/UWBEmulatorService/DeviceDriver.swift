/// What drives a device of the emulator service's room.
public enum DeviceDriver: String, Hashable, Sendable {
    /// An app in another process, over the socket, when one is attached (the device is free).
    case app
    /// The scenario: a transmit script, or a DL-TDoA anchor's rounds.
    case scenario
}
