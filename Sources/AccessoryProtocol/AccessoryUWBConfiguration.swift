import UWBCore

/// The UWB configuration block inside ``AccessoryConfigurationData`` as Qorvo's and NXP's
/// accessories lay it out (Apple leaves it to the vendor): the block's version (major and minor,
/// 2 octets each), the manufacturer and model identifiers (4 each), the middleware version (major
/// and minor, 2 each), the ranging role (1: 1 initiator), the accessory's short MAC address (2)
/// and, from version 1.1, its clock drift (2), all little endian: 19 octets in 1.0, 21 in 1.1.
///
/// Sources: the NXP Zephyr Nearby Interaction sample's comments and two Qorvo accessories' dumps on
/// Qorvo's forum (threads 21738 and 10796); `Docs/reference/accessory-protocol.md` §3. Apple does
/// not document the block, so other vendors' may differ: ``AccessoryConfigurationData`` keeps it as octets.
public struct AccessoryUWBConfiguration: Hashable, Sendable {
    /// The block's major version.
    public var majorVersion: UInt16
    /// The block's minor version: 0 (19 octets) or 1 (21, with the clock drift).
    public var minorVersion: UInt16
    /// The manufacturer's identifier.
    public var manufacturerID: UInt32
    /// The model's identifier.
    public var modelID: UInt32
    /// The middleware's major version.
    public var middlewareMajorVersion: UInt16
    /// The middleware's minor version.
    public var middlewareMinorVersion: UInt16
    /// The accessory's ranging role: 1 initiator, 0 responder.
    public var rangingRole: UInt8
    /// The accessory's short MAC address.
    public var macAddress: UInt16
    /// The accessory's clock drift (version 1.1; its unit is not published).
    public var clockDrift: UInt16?

    private static let name = "accessory UWB configuration"
    /// The block's length in version 1.0; 1.1 adds the 2-octet clock drift.
    static let lengthV10 = 19

    /// A block with the given values; a clock drift makes it version 1.1.
    public init(
        manufacturerID: UInt32, modelID: UInt32, middlewareMajorVersion: UInt16, middlewareMinorVersion: UInt16, rangingRole: UInt8,
        macAddress: UInt16, clockDrift: UInt16? = nil
    ) {
        majorVersion = 1
        minorVersion = clockDrift == nil ? 0 : 1
        self.manufacturerID = manufacturerID
        self.modelID = modelID
        self.middlewareMajorVersion = middlewareMajorVersion
        self.middlewareMinorVersion = middlewareMinorVersion
        self.rangingRole = rangingRole
        self.macAddress = macAddress
        self.clockDrift = clockDrift
    }

    /// A version 1.0 block of an accessory at `macAddress` that names no vendor (manufacturer and
    /// model 0), with middleware 1.0, initiating: what swift-uwb's accessories say by default.
    public static func generic(macAddress: UInt16) -> AccessoryUWBConfiguration {
        AccessoryUWBConfiguration(
            manufacturerID: 0, modelID: 0, middlewareMajorVersion: 1, middlewareMinorVersion: 0, rangingRole: 1, macAddress: macAddress)
    }

    /// The block `octets` hold, all of them.
    ///
    /// - Throws: ``AccessoryProtocolError`` for a block cut short or too long for its version, or of
    ///   a version other than 1.0 and 1.1.
    public init(octets: [UInt8]) throws(AccessoryProtocolError) {
        guard octets.count >= 4 else { throw .truncated(structure: Self.name, needed: 4, present: octets.count) }
        var reader = ByteReader(octets[...])
        majorVersion = reader.readIfPresent(UInt16.self) ?? 0
        minorVersion = reader.readIfPresent(UInt16.self) ?? 0
        guard majorVersion == 1, minorVersion <= 1 else {
            throw .unknownVersion(structure: Self.name, major: majorVersion, minor: minorVersion)
        }
        let expected = Self.lengthV10 + (minorVersion == 1 ? 2 : 0)
        guard octets.count >= expected else { throw .truncated(structure: Self.name, needed: expected, present: octets.count) }
        guard octets.count == expected else { throw .overlong(structure: Self.name, expected: expected, present: octets.count) }
        manufacturerID = reader.readIfPresent(UInt32.self) ?? 0
        modelID = reader.readIfPresent(UInt32.self) ?? 0
        middlewareMajorVersion = reader.readIfPresent(UInt16.self) ?? 0
        middlewareMinorVersion = reader.readIfPresent(UInt16.self) ?? 0
        rangingRole = reader.readIfPresent(UInt8.self) ?? 0
        macAddress = reader.readIfPresent(UInt16.self) ?? 0
        clockDrift = minorVersion == 1 ? reader.readIfPresent(UInt16.self) : nil
    }

    /// The octets.
    public var octets: [UInt8] {
        var octets: [UInt8] = []
        octets.appendLittleEndian(majorVersion)
        octets.appendLittleEndian(clockDrift == nil ? UInt16(0) : 1)
        octets.appendLittleEndian(manufacturerID)
        octets.appendLittleEndian(modelID)
        octets.appendLittleEndian(middlewareMajorVersion)
        octets.appendLittleEndian(middlewareMinorVersion)
        octets.append(rangingRole)
        octets.appendLittleEndian(macAddress)
        if let clockDrift {
            octets.appendLittleEndian(clockDrift)
        }
        return octets
    }
}
