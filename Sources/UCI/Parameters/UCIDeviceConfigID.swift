/// A device configuration parameter id, the T of CORE SET_CONFIG and GET_CONFIG TLVs.
///
/// Source: FiRa UCI Generic Specification, "Device Configuration Parameters" (Table 44 in
/// pica's citation); pica `uci_packets.pdl` `ConfigParameterId`.
public struct UCIDeviceConfigID: UCICode {
    /// The raw id octet.
    public let rawValue: UInt8
    /// Wraps a raw id.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The device state (1 octet, read only).
    public static let deviceState = UCIDeviceConfigID(rawValue: 0x00)
    /// Low power mode enabled (1) or not (0); 1 octet.
    public static let lowPowerMode = UCIDeviceConfigID(rawValue: 0x01)

    /// The ids the specification names.
    public static let knownCodes: [(code: UCIDeviceConfigID, name: String)] = [
        (.deviceState, "DEVICE_STATE"), (.lowPowerMode, "LOW_POWER_MODE"),
    ]
}
