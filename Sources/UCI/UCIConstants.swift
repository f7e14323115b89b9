/// The numbers of UCI framing, in one place with their source.
///
/// Sources: FiRa UCI Generic Specification (packet format, section 4), as laid out by
/// google/pica's `src/uci_packets.pdl` (`ControlPacketHeader`, `DataPacketHeader`) and its
/// `src/packets.rs` (`MAX_CTRL_PACKET_PAYLOAD_SIZE`, `MAX_DATA_PACKET_PAYLOAD_SIZE`).
public enum UCIConstants {
    /// Every UCI packet starts with a 4-octet header.
    public static let headerSize = 4
    /// A control packet's payload length is one octet, so a segment carries at most 255 octets.
    public static let maximumControlPayloadSize = 255
    /// A data packet's payload length is two octets (little endian).
    public static let maximumDataPayloadSize = 65_535
    /// The data packet payload size pica segments data messages at (and its default
    /// `SUPPORTED_MAX_DATA_PACKET_PAYLOAD_SIZE`).
    public static let defaultDataPayloadSize = 1_024
    /// The largest message `UCIReassembler` accepts by default: a peer that never ends a
    /// segmented message cannot make it grow without bound.
    public static let defaultMaximumMessageSize = 65_536

    /// DEVICE_ROLE of a DL-TDoA tag, which listens to DT-anchors (pica `uci_packets.pdl`
    /// `DeviceRole.DT_TAG`).
    public static let downlinkTDoATagRole: UInt8 = 8
    /// DEVICE_ROLE of an OWR-AoA advertiser, whose frames observers measure the angle of (pica
    /// `uci_packets.pdl` `DeviceRole.ADVERTISER`).
    public static let advertiserRole: UInt8 = 5
    /// DEVICE_ROLE of an OWR-AoA observer (pica `uci_packets.pdl` `DeviceRole.OBSERVER`).
    public static let observerRole: UInt8 = 6
    /// RANGING_ROUND_USAGE of OWR-AoA (pica `uci_packets.pdl` `RangingRoundUsage.OWR_AOA_MEASUREMENT`).
    public static let oneWayAoARoundUsage: UInt8 = 6
    /// The RANGING_ROUND_USAGE values UCI 2.0 defines: 1–4 SS/DS-TWR deferred or not, 5 DL-TDoA,
    /// 6 OWR-AoA, 7 eSS-TWR and 8 aDS-TWR (pica `uci_packets.pdl` `RangingRoundUsage`).
    public static let rangingRoundUsages: ClosedRange<UInt8> = 1...8
    /// RANGING_ROUND_USAGE of DL-TDoA (pica `uci_packets.pdl` `RangingRoundUsage.ON_WAY_RANGING_DL_TDOA`).
    public static let downlinkTDoARoundUsage: UInt8 = 5

    /// Octet 0 bits 7–5: message type.
    static let messageTypeShift: UInt8 = 5
    /// Octet 0 bit 4: packet boundary flag (1: more segments follow).
    static let packetBoundaryFlagMask: UInt8 = 0x10
    /// Octet 0 bits 3–0: GID of a control packet, DPF of a data packet.
    static let lowNibbleMask: UInt8 = 0x0F
    /// Octet 1 bits 5–0: OID of a control packet (bits 7–6 are RFU).
    static let opcodeMask: UInt8 = 0x3F
    /// The size of a two-way ranging measurement in SESSION_INFO_NTF, with either address mode
    /// (`ShortAddressTwoWayRangingMeasurement`, `ExtendedAddressTwoWayRangingMeasurement`).
    static let twoWayMeasurementSize = 31
    /// ANDROID_SET_COUNTRY_CODE_CMD's code: two octets (pica `AndroidSetCountryCodeCmd`).
    static let countryCodeSize = 2
    /// The RFU octets that end SESSION_INFO_NTF's fixed part.
    static let sessionInfoReservedSize = 8
}
