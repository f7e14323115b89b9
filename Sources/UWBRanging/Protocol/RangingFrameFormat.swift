import UWBCore

/// The constants of the ranging frame format (byte tables in `Docs/ranging-protocol.md`).
public enum RangingFrameFormat {
    /// The payload format version this code writes and accepts: 2, which moved the MIC from the
    /// payload into the IEEE 802.15.4 security fields (version 1 reserved a payload MIC flag).
    public static let version: UInt8 = 2
    /// The PAN swift-uwb's ranging sessions use: 0xDECA. Sessions tell themselves apart by their
    /// session id and short addresses, not by PAN.
    public static let defaultPAN = PANIdentifier(rawValue: 0xDECA)

    /// The MAC header: frame control (2), sequence number (1), PAN (2), destination (2), source (2).
    public static let macHeaderLength = 9

    /// The auxiliary security header of a secured frame: security control (1), frame counter (4),
    /// key index (1, key identifier mode 1).
    public static let auxiliarySecurityHeaderLength = 6

    /// The payload header: version (1), type (1), flags (1), session (4), round (2).
    public static let payloadHeaderLength = 9

    /// A timestamp: the full 40-bit device time, 5 octets little-endian.
    public static let timestampLength = 5

    /// The time of flight in REPORT: a signed 32-bit count of 1/256 ticks.
    public static let timeOfFlightLength = 4

    /// The FCS the radio appends (not part of the bytes this code builds or reads).
    public static let frameCheckSequenceLength = 2

    /// The most responders one group round serves: 9, so that the longest secured group message
    /// (a group FINAL of 9 responders, each RESPONSE received, with 9 MIC-32s: 120 octets) fits the
    /// 127-octet frame of the standard PHY header (IEEE 802.15.4 aMaxPHYPacketSize).
    public static let maximumGroupSize = 9

    /// A group POLL entry: session (4) and responder address (2).
    public static let groupEntryLength = 6

    /// The group FINAL's bitmap of the slots whose RESPONSE arrived: 2 octets LE, bit j for slot j.
    public static let groupBitmapLength = 2

    /// The session field of group messages, which belong to no single session (their entries
    /// name the sessions): 0.
    public static let groupSession = SessionIdentifier(rawValue: 0)

    /// The destination of group messages: the broadcast short address 0xFFFF.
    public static let broadcastAddress: UInt16 = 0xFFFF
}
