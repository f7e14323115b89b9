/// A version number of GET_DEVICE_INFO_RSP (UCI, MAC, PHY, UCI test): 2 octets, the first
/// the major version, the second the minor (bits 7–4) and maintenance (bits 3–0) versions.
/// Read as a little-endian 16-bit value, UCI 2.0 is 0x0002 and MAC 1.3.0 is 0x3001.
///
/// Source: FiRa UCI Generic Specification, GET_DEVICE_INFO_RSP; pica `src/device.rs`
/// (`UCI_VERSION = 0x0002 // Version 2.0`, `MAC_VERSION = 0x3001 // Version 1.3.0`).
public struct UCIVersion: Hashable, Sendable, CustomStringConvertible {
    /// The major version (first octet).
    public var major: UInt8
    /// The minor version (second octet, bits 7–4).
    public var minor: UInt8
    /// The maintenance version (second octet, bits 3–0).
    public var maintenance: UInt8

    /// A version; `minor` and `maintenance` keep their low 4 bits.
    public init(major: UInt8, minor: UInt8, maintenance: UInt8 = 0) {
        self.major = major
        self.minor = minor & 0x0F
        self.maintenance = maintenance & 0x0F
    }

    /// The version of a 16-bit field as read little endian.
    public init(field: UInt16) {
        self.init(major: UInt8(truncatingIfNeeded: field), minor: UInt8(field >> 12), maintenance: UInt8((field >> 8) & 0x0F))
    }

    /// The 16-bit field, to write little endian.
    public var field: UInt16 { UInt16(major) | UInt16(minor) << 12 | UInt16(maintenance) << 8 }

    /// The message layouts this version speaks: 2.0 and later are `.v2`, earlier ones `.v1`.
    public var revision: UCIProtocolRevision { major >= 2 ? .v2 : .v1 }

    /// `major.minor.maintenance`.
    public var description: String { "\(major).\(minor).\(maintenance)" }
}
