import UWBCore

/// What an Android phone sends with configure and start (0x0B) after its initialise (0xA5): 14
/// octets, the spec version (major and minor, 2 octets each, `01 00 00 00`), the session id (4,
/// big endian), the preamble code index (1), the channel (1), the configuration id (1: 1 is
/// androidx.core.uwb's CONFIG_UNICAST_DS_TWR), the role the accessory takes (1: 1 controller and
/// initiator, 2 controlee and responder) and the phone's short MAC address (2 octets, as they go
/// into UCI's DST_MAC_ADDRESS).
///
/// Sources: NXP's Nearby Interaction firmware (`serializeUwbPhoneConfigData`,
/// `UwbApi_ConfigureData_Android`) and the Android sample apps that write it
/// (`UwbPhoneConfigData.toByteArray`); `Docs/reference/accessory-protocol.md` §6.
public struct AndroidPhoneConfigurationData: Hashable, Sendable {
    /// The role the phone asks the accessory to take.
    public struct AccessoryRole: RawRepresentable, Hashable, Sendable {
        /// The octet.
        public let rawValue: UInt8
        /// Wraps an octet.
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        /// Controller and initiator (1): the phone is the controlee and responder.
        public static let controller = AccessoryRole(rawValue: 1)
        /// Controlee and responder (2): the phone is the controller and initiator.
        public static let controlee = AccessoryRole(rawValue: 2)

        /// Whether the accessory initiates: nil for a role that is neither.
        public var accessoryInitiates: Bool? {
            switch self {
            case .controller: true
            case .controlee: false
            default: nil
            }
        }
    }

    /// The spec version's octets: `01 00 00 00` (1.0).
    public var specVersion: [UInt8]
    /// The FiRa session id.
    public var sessionID: UInt32
    /// The preamble code index.
    public var preambleCodeIndex: UInt8
    /// The UWB channel.
    public var channel: UInt8
    /// The configuration id (1: CONFIG_UNICAST_DS_TWR).
    public var configurationID: UInt8
    /// The role the accessory takes.
    public var accessoryRole: AccessoryRole
    /// The phone's short MAC address: the accessory's DST_MAC_ADDRESS.
    public var phoneAddress: UInt16

    /// The structure's length.
    public static let length = 14
    private static let name = "Android phone configuration data"

    /// Data with the given values, spec version 1.0.
    public init(sessionID: UInt32, preambleCodeIndex: UInt8, channel: UInt8, configurationID: UInt8, accessoryRole: AccessoryRole, phoneAddress: UInt16) {
        specVersion = [0x01, 0x00, 0x00, 0x00]
        self.sessionID = sessionID
        self.preambleCodeIndex = preambleCodeIndex
        self.channel = channel
        self.configurationID = configurationID
        self.accessoryRole = accessoryRole
        self.phoneAddress = phoneAddress
    }

    /// The data `octets` hold, all 14.
    ///
    /// - Throws: ``AccessoryProtocolError/truncated(structure:needed:present:)`` or
    ///   ``AccessoryProtocolError/overlong(structure:expected:present:)`` for any other length
    ///   (NXP's firmware refuses them too).
    public init(octets: [UInt8]) throws(AccessoryProtocolError) {
        guard octets.count >= Self.length else { throw .truncated(structure: Self.name, needed: Self.length, present: octets.count) }
        guard octets.count == Self.length else { throw .overlong(structure: Self.name, expected: Self.length, present: octets.count) }
        specVersion = Array(octets[0..<4])
        sessionID = octets[4..<8].bigEndianValue()
        preambleCodeIndex = octets[8]
        channel = octets[9]
        configurationID = octets[10]
        accessoryRole = AccessoryRole(rawValue: octets[11])
        phoneAddress = UInt16(octets[12]) | UInt16(octets[13]) << 8
    }

    /// The octets.
    ///
    /// - Throws: ``AccessoryProtocolError/invalidField(structure:field:detail:)`` for a spec
    ///   version that is not 4 octets.
    public func encoded() throws(AccessoryProtocolError) -> [UInt8] {
        guard specVersion.count == 4 else {
            throw .invalidField(structure: Self.name, field: "spec version", detail: "has \(specVersion.count) octets, not 4")
        }
        var octets = specVersion
        octets.appendBigEndian(sessionID)
        octets += [preambleCodeIndex, channel, configurationID, accessoryRole.rawValue]
        octets.appendLittleEndian(phoneAddress)
        return octets
    }
}
