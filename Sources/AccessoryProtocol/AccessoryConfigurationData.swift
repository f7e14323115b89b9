import UWBCore

/// The configuration data an accessory sends the phone in Apple's Nearby Interaction accessory
/// protocol, which `NINearbyAccessoryConfiguration(data:)` takes: the protocol version (major and
/// minor, 2 octets each), the preferred update rate (1), 10 reserved octets, then the length (1)
/// and octets of the accessory's UWB configuration (``AccessoryUWBConfiguration``), all little endian.
///
/// Source: Qorvo's forum (forum.qorvo.com/t/android-qorvo-support-uwb-configuration/21738, a
/// DWM3001CDK's reply); `Docs/reference/accessory-protocol.md` §2.
public struct AccessoryConfigurationData: Hashable, Sendable {
    /// The accessory's preferred rate of updates.
    public struct PreferredUpdateRate: RawRepresentable, Hashable, Sendable {
        /// The octet.
        public let rawValue: UInt8
        /// Wraps an octet.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// The phone decides (0).
        public static let automatic = PreferredUpdateRate(rawValue: 0)
        /// As few updates as will do (10).
        public static let infrequent = PreferredUpdateRate(rawValue: 10)
        /// Updates for a user interacting (20).
        public static let userInteractive = PreferredUpdateRate(rawValue: 20)
    }

    /// The protocol's major version.
    public var majorVersion: UInt16
    /// The protocol's minor version.
    public var minorVersion: UInt16
    /// The accessory's preferred update rate.
    public var preferredUpdateRate: PreferredUpdateRate
    /// The 10 reserved octets as sent (zeros when built here).
    public var reserved: [UInt8]
    /// The accessory's UWB configuration, as its vendor lays it out.
    public var uwbConfiguration: [UInt8]

    /// The length of the fixed part: versions (4), rate (1), reserved (10), length (1).
    static let headerLength = 16
    /// The reserved octets' count.
    static let reservedLength = 10
    private static let name = "accessory configuration data"

    /// Configuration data with the given values.
    public init(
        majorVersion: UInt16 = 1, minorVersion: UInt16 = 0, preferredUpdateRate: PreferredUpdateRate = .automatic,
        reserved: [UInt8] = [UInt8](repeating: 0, count: 10), uwbConfiguration: [UInt8]
    ) {
        self.majorVersion = majorVersion
        self.minorVersion = minorVersion
        self.preferredUpdateRate = preferredUpdateRate
        self.reserved = reserved
        self.uwbConfiguration = uwbConfiguration
    }

    /// The configuration data `octets` hold, all of them.
    ///
    /// - Throws: ``AccessoryProtocolError`` for data cut short, longer than its length field says,
    ///   or of a major version other than 1.
    public init(octets: [UInt8]) throws(AccessoryProtocolError) {
        guard octets.count >= Self.headerLength else {
            throw .truncated(structure: Self.name, needed: Self.headerLength, present: octets.count)
        }
        var reader = ByteReader(octets[...])
        majorVersion = reader.readIfPresent(UInt16.self) ?? 0
        minorVersion = reader.readIfPresent(UInt16.self) ?? 0
        guard majorVersion == 1 else { throw .unknownVersion(structure: Self.name, major: majorVersion, minor: minorVersion) }
        preferredUpdateRate = PreferredUpdateRate(rawValue: reader.readIfPresent(UInt8.self) ?? 0)
        reserved = Array(reader.takeIfPresent(Self.reservedLength) ?? [])
        let length = Int(reader.readIfPresent(UInt8.self) ?? 0)
        let rest = reader.unreadBytes
        guard rest.count == length else { throw .lengthMismatch(structure: Self.name, declared: length, actual: rest.count) }
        uwbConfiguration = rest
    }

    /// The octets.
    ///
    /// - Throws: ``AccessoryProtocolError/invalidField(structure:field:detail:)`` for reserved
    ///   octets that are not 10, or a UWB configuration longer than 255 octets.
    public func encoded() throws(AccessoryProtocolError) -> [UInt8] {
        guard reserved.count == Self.reservedLength else {
            throw .invalidField(structure: Self.name, field: "reserved", detail: "has \(reserved.count) octets, not 10")
        }
        guard uwbConfiguration.count <= Int(UInt8.max) else {
            throw .invalidField(structure: Self.name, field: "UWB configuration", detail: "has \(uwbConfiguration.count) octets; at most 255 fit")
        }
        var octets: [UInt8] = []
        octets.appendLittleEndian(majorVersion)
        octets.appendLittleEndian(minorVersion)
        octets.append(preferredUpdateRate.rawValue)
        octets += reserved
        octets.append(UInt8(uwbConfiguration.count))
        return octets + uwbConfiguration
    }
}
