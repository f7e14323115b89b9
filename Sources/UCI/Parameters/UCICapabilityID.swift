/// A capability id, the T of GET_CAPS_INFO_RSP TLVs.
///
/// Source: FiRa UCI Generic Specification, "Capability TLVs"; pica `uci_packets.pdl`
/// `CapTlvType` (0xA0–0xA8 are CCC, 0xE3–0xE9 Android vendor ids).
public struct UCICapabilityID: UCICode {
    /// The raw id octet.
    public let rawValue: UInt8
    /// Wraps a raw id.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// The range of FiRa PHY versions supported.
    public static let supportedFiRaPHYVersionRange = UCICapabilityID(rawValue: 0x00)
    /// The range of FiRa MAC versions supported.
    public static let supportedFiRaMACVersionRange = UCICapabilityID(rawValue: 0x01)
    /// The device roles supported (bit field).
    public static let supportedDeviceRoles = UCICapabilityID(rawValue: 0x02)
    /// The ranging methods supported (bit field).
    public static let supportedRangingMethod = UCICapabilityID(rawValue: 0x03)
    /// The channels supported (bit field).
    public static let supportedChannels = UCICapabilityID(rawValue: 0x0B)
    /// Angle of arrival support (bit field).
    public static let supportedAoA = UCICapabilityID(rawValue: 0x10)
    /// Extended MAC address support.
    public static let supportedExtendedMACAddress = UCICapabilityID(rawValue: 0x11)
    /// The largest data message the UWBS accepts.
    public static let supportedMaxMessageSize = UCICapabilityID(rawValue: 0x12)
    /// The largest data packet payload the UWBS accepts.
    public static let supportedMaxDataPacketPayloadSize = UCICapabilityID(rawValue: 0x13)

    /// The ids the specification names.
    public static let knownCodes: [(code: UCICapabilityID, name: String)] = [
        (.supportedFiRaPHYVersionRange, "SUPPORTED_FIRA_PHY_VERSION_RANGE"),
        (.supportedFiRaMACVersionRange, "SUPPORTED_FIRA_MAC_VERSION_RANGE"),
        (.supportedDeviceRoles, "SUPPORTED_DEVICE_ROLES"), (.supportedRangingMethod, "SUPPORTED_RANGING_METHOD"),
        (UCICapabilityID(rawValue: 0x04), "SUPPORTED_STS_CONFIG"),
        (UCICapabilityID(rawValue: 0x05), "SUPPORTED_MULTI_NODE_MODES"),
        (UCICapabilityID(rawValue: 0x06), "SUPPORTED_RANGING_TIME_STRUCT"),
        (UCICapabilityID(rawValue: 0x07), "SUPPORTED_SCHEDULED_MODE"),
        (UCICapabilityID(rawValue: 0x08), "SUPPORTED_HOPPING_MODE"),
        (UCICapabilityID(rawValue: 0x09), "SUPPORTED_BLOCK_STRIDING"),
        (UCICapabilityID(rawValue: 0x0A), "SUPPORTED_UWB_INITIATION_TIME"), (.supportedChannels, "SUPPORTED_CHANNELS"),
        (UCICapabilityID(rawValue: 0x0C), "SUPPORTED_RFRAME_CONFIG"),
        (UCICapabilityID(rawValue: 0x0D), "SUPPORTED_CC_CONSTRAINT_LENGTH"),
        (UCICapabilityID(rawValue: 0x0E), "SUPPORTED_BPRF_PARAMETER_SETS"),
        (UCICapabilityID(rawValue: 0x0F), "SUPPORTED_HPRF_PARAMETER_SETS"), (.supportedAoA, "SUPPORTED_AOA"),
        (.supportedExtendedMACAddress, "SUPPORTED_EXTENDED_MAC_ADDRESS"),
        (.supportedMaxMessageSize, "SUPPORTED_MAX_MESSAGE_SIZE"),
        (.supportedMaxDataPacketPayloadSize, "SUPPORTED_MAX_DATA_PACKET_PAYLOAD_SIZE"),
        (UCICapabilityID(rawValue: 0xC0), "SUPPORTED_POWER_STATS"),
        (UCICapabilityID(rawValue: 0xE3), "SUPPORTED_AOA_RESULT_REQ_ANTENNA_INTERLEAVING"),
        (UCICapabilityID(rawValue: 0xE4), "SUPPORTED_MIN_RANGING_INTERVAL_MS"),
        (UCICapabilityID(rawValue: 0xE5), "SUPPORTED_RANGE_DATA_NTF_CONFIG"),
        (UCICapabilityID(rawValue: 0xE6), "SUPPORTED_RSSI_REPORTING"),
        (UCICapabilityID(rawValue: 0xE7), "SUPPORTED_DIAGNOSTICS"),
        (UCICapabilityID(rawValue: 0xE8), "SUPPORTED_MIN_SLOT_DURATION_RSTU"),
        (UCICapabilityID(rawValue: 0xE9), "SUPPORTED_MAX_RANGING_SESSION_NUMBER"),
    ]
}
