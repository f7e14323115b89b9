/// The UWBS state in DEVICE_STATUS_NTF (and the DEVICE_STATE device configuration).
///
/// Source: pica `uci_packets.pdl` `DeviceState`.
public struct UCIDeviceState: UCICode {
    /// The raw state octet.
    public let rawValue: UInt8
    /// Wraps a raw state.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// Initialised and ready for sessions.
    public static let ready = UCIDeviceState(rawValue: 0x01)
    /// At least one session is active.
    public static let active = UCIDeviceState(rawValue: 0x02)
    /// An unrecoverable error; the host should reset the UWBS.
    public static let error = UCIDeviceState(rawValue: 0xFF)

    /// The states the specification names.
    public static let knownCodes: [(code: UCIDeviceState, name: String)] = [
        (.ready, "DEVICE_STATE_READY"), (.active, "DEVICE_STATE_ACTIVE"), (.error, "DEVICE_STATE_ERROR"),
    ]
}
