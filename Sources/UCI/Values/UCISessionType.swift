/// The session type of SESSION_INIT_CMD.
///
/// Source: pica `uci_packets.pdl` `SessionType`. UCI 1.x defines 0x00 (ranging) and 0xD0
/// (device test mode); UCI 2.0 adds the data transfer types 0x01–0x05.
public struct UCISessionType: UCICode {
    /// The raw type octet.
    public let rawValue: UInt8
    /// Wraps a raw type.
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    /// A FiRa ranging session.
    public static let ranging = UCISessionType(rawValue: 0x00)
    /// Ranging with in-band data (UCI 2.0).
    public static let rangingAndInBandData = UCISessionType(rawValue: 0x01)
    /// Data transfer only (UCI 2.0).
    public static let dataTransfer = UCISessionType(rawValue: 0x02)
    /// A device test mode session.
    public static let deviceTestMode = UCISessionType(rawValue: 0xD0)

    /// The types the specification names.
    public static let knownCodes: [(code: UCISessionType, name: String)] = [
        (.ranging, "FIRA_RANGING_SESSION"), (.rangingAndInBandData, "FIRA_RANGING_AND_IN_BAND_DATA_SESSION"),
        (.dataTransfer, "FIRA_DATA_TRANSFER_SESSION"), (UCISessionType(rawValue: 0x03), "FIRA_RANGING_ONLY_PHASE"),
        (UCISessionType(rawValue: 0x04), "FIRA_IN_BAND_DATA_PHASE"),
        (UCISessionType(rawValue: 0x05), "FIRA_RANGING_WITH_DATA_PHASE"), (UCISessionType(rawValue: 0xA0), "CCC"),
        (.deviceTestMode, "DEVICE_TEST_MODE"),
    ]
}
