/// The 4-bit group identifier (GID) of a control packet (octet 0, bits 3–0).
///
/// Unknown values are kept, so a UWBS can answer them with `UCIStatus.unknownGID`.
/// Source: pica `uci_packets.pdl` `GroupId`.
public struct UCIGroupID: UCICode {
    /// The raw value; only the low 4 bits go on the wire.
    public let rawValue: UInt8
    /// Wraps a raw GID (masked to 4 bits).
    public init(rawValue: UInt8) { self.rawValue = rawValue & UCIConstants.lowNibbleMask }

    /// CORE: device reset, information, capabilities and configuration.
    public static let core = UCIGroupID(rawValue: 0x0)
    /// SESSION_CONFIG: session life cycle and application configuration.
    public static let sessionConfig = UCIGroupID(rawValue: 0x1)
    /// SESSION_CONTROL: start, stop and ranging results.
    public static let sessionControl = UCIGroupID(rawValue: 0x2)
    /// DATA_CONTROL (UCI 1.x; data moved to data packets in 2.0).
    public static let dataControl = UCIGroupID(rawValue: 0x3)
    /// Android's vendor group (power statistics, country code, diagnostics).
    public static let vendorAndroid = UCIGroupID(rawValue: 0xC)
    /// TEST: RF test mode.
    public static let test = UCIGroupID(rawValue: 0xD)

    /// The groups the specification names.
    public static let knownCodes: [(code: UCIGroupID, name: String)] = [
        (.core, "CORE"), (.sessionConfig, "SESSION_CONFIG"), (.sessionControl, "SESSION_CONTROL"),
        (.dataControl, "DATA_CONTROL"), (UCIGroupID(rawValue: 0x9), "VENDOR_RESERVED_9"),
        (UCIGroupID(rawValue: 0xA), "VENDOR_RESERVED_A"), (UCIGroupID(rawValue: 0xB), "VENDOR_RESERVED_B"),
        (.vendorAndroid, "VENDOR_ANDROID"), (.test, "TEST"), (UCIGroupID(rawValue: 0xE), "VENDOR_RESERVED_E"),
        (UCIGroupID(rawValue: 0xF), "VENDOR_RESERVED_F"),
    ]
}
