import UWBCore

/// The constants of the ranging frame format (byte tables in `Docs/ranging-protocol.md`).
public enum RangingFrameFormat {
    /// The payload format version this code writes and accepts.
    public static let version: UInt8 = 1
    /// The PAN swift-uwb's ranging sessions use: 0xDECA. Sessions tell themselves apart by their
    /// session id and short addresses, not by PAN.
    public static let defaultPAN = PANIdentifier(rawValue: 0xDECA)

    /// The MAC header: frame control (2), sequence number (1), PAN (2), destination (2), source (2).
    public static let macHeaderLength = 9

    /// The payload header: version (1), type (1), flags (1), session (4), round (2).
    public static let payloadHeaderLength = 9

    /// A timestamp: the full 40-bit device time, 5 octets little-endian.
    public static let timestampLength = 5

    /// The time of flight in REPORT: a signed 32-bit count of 1/256 ticks.
    public static let timeOfFlightLength = 4

    /// The FCS the radio appends (not part of the bytes this code builds or reads).
    public static let frameCheckSequenceLength = 2

    /// Flags bit 0: a message integrity code follows the body.
    public static let messageIntegrityCodeFlag: UInt8 = 0x01
}
