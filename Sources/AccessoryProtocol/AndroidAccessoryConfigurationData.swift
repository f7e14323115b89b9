import UWBCore

/// What an accessory answers an Android phone's initialise (0xA5) with, after the message's 0x01:
/// 18 octets, the spec version (major and minor, 2 octets each, `01 00 00 00`), the chip id (2),
/// the chip's firmware version (2), the middleware version (3), the configuration ids it supports
/// (a 32-bit bit mask, big endian: bit n for configuration n), the roles it supports (1: bit 0
/// controller and initiator, bit 1 controlee and responder) and its short MAC address (2 octets,
/// as they go into UCI's DEVICE_MAC_ADDRESS).
///
/// Sources: NXP's Nearby Interaction firmware (`serializeUwbDeviceConfigData`,
/// `UwbApi_GetUwbConfigData_Android`) and the Android sample apps that read it
/// (`UwbDeviceConfigData.fromByteArray`); `Docs/reference/accessory-protocol.md` §6.
public struct AndroidAccessoryConfigurationData: Hashable, Sendable {
    /// The spec version's octets: `01 00 00 00` (1.0).
    public var specVersion: [UInt8]
    /// The chip id's octets; NXP's second octet names its chip (1 SR150, 2 SR040, 3 SR250; 0 none).
    public var chipID: [UInt8]
    /// The chip's firmware version: major, minor.
    public var chipFirmwareVersion: [UInt8]
    /// The middleware version: major, minor, 0.
    public var middlewareVersion: [UInt8]
    /// The configuration ids supported, bit n for configuration n.
    public var supportedConfigurationIDs: UInt32
    /// The roles supported: bit 0 controller and initiator, bit 1 controlee and responder.
    public var supportedRoles: UInt8
    /// The accessory's short MAC address.
    public var macAddress: UInt16

    /// The structure's length.
    public static let length = 18
    private static let name = "Android accessory configuration data"

    /// The data of an accessory at `macAddress` supporting CONFIG_UNICAST_DS_TWR in both roles,
    /// with chip id 0 (none of NXP's) and the given versions.
    public init(macAddress: UInt16, firmwareVersion: (major: UInt8, minor: UInt8) = (1, 0), middlewareVersion: (major: UInt8, minor: UInt8) = (1, 0)) {
        specVersion = [0x01, 0x00, 0x00, 0x00]
        chipID = [0, 0]
        chipFirmwareVersion = [firmwareVersion.major, firmwareVersion.minor]
        self.middlewareVersion = [middlewareVersion.major, middlewareVersion.minor, 0]
        supportedConfigurationIDs = 1 << UInt32(AccessoryProtocolConstants.Android.configurationID)
        supportedRoles = 0b11
        self.macAddress = macAddress
    }

    /// The data `octets` hold, all 18.
    ///
    /// - Throws: ``AccessoryProtocolError/truncated(structure:needed:present:)`` or
    ///   ``AccessoryProtocolError/overlong(structure:expected:present:)`` for any other length.
    public init(octets: [UInt8]) throws(AccessoryProtocolError) {
        guard octets.count >= Self.length else { throw .truncated(structure: Self.name, needed: Self.length, present: octets.count) }
        guard octets.count == Self.length else { throw .overlong(structure: Self.name, expected: Self.length, present: octets.count) }
        specVersion = Array(octets[0..<4])
        chipID = Array(octets[4..<6])
        chipFirmwareVersion = Array(octets[6..<8])
        middlewareVersion = Array(octets[8..<11])
        supportedConfigurationIDs = octets[11..<15].bigEndianValue()
        supportedRoles = octets[15]
        macAddress = UInt16(octets[16]) | UInt16(octets[17]) << 8
    }

    /// The octets.
    ///
    /// - Throws: ``AccessoryProtocolError/invalidField(structure:field:detail:)`` for a version,
    ///   chip id or firmware version field of the wrong length.
    public func encoded() throws(AccessoryProtocolError) -> [UInt8] {
        for (field, octets, count) in [("spec version", specVersion, 4), ("chip id", chipID, 2), ("chip firmware version", chipFirmwareVersion, 2), ("middleware version", middlewareVersion, 3)]
        where octets.count != count {
            throw .invalidField(structure: Self.name, field: field, detail: "has \(octets.count) octets, not \(count)")
        }
        var octets = specVersion + chipID + chipFirmwareVersion + middlewareVersion
        octets.appendBigEndian(supportedConfigurationIDs)
        octets.append(supportedRoles)
        octets.appendLittleEndian(macAddress)
        return octets
    }
}
