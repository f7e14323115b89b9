/// What a UWBS says it can do in GET_CAPS_INFO_RSP, as values: the capability TLVs this project
/// reads and writes.
///
/// Bit fields (FiRa UCI Generic Specification, capability TLVs, as google/pica's `src/device.rs`
/// fills them): SUPPORTED_DEVICE_ROLES bit 0 responder, bit 1 initiator, bit 5 advertiser, bit 6
/// observer (Android's `CapabilityParam`), and in a second octet bit 0
/// DT-tag (Android's `CapabilityParam.DT_TAG`, "first bit of 2nd byte of Device Role"; the second
/// octet is sent only when it is set, so pica's one-octet field is unchanged); SUPPORTED_CHANNELS bit n
/// the n-th of ``firaChannels``; SUPPORTED_AOA bit 0 azimuth (±90°), bit 1 azimuth (±180°), bit 2
/// elevation, bit 3 AoA figure of merit; SUPPORTED_EXTENDED_MAC_ADDRESS 1 when extended addresses
/// are supported. TLVs it does not know are left out; a missing TLV reads as "not supported".
public struct UCICapabilitySet: Hashable, Sendable {
    /// SUPPORTED_DEVICE_ROLES' advertiser (0x20) and observer (0x40) bits.
    static let oneWayAoARoles: UInt8 = 0x60

    /// The FiRa channel numbers the SUPPORTED_CHANNELS bit field covers, bit 0 first.
    public static let firaChannels: [Int] = [5, 6, 8, 9, 10, 12, 13, 14]

    /// Whether the device can be a responder.
    public var responder: Bool
    /// Whether the device can be an initiator.
    public var initiator: Bool
    /// The FiRa channels the device supports, in ascending order.
    public var channels: [Int]
    /// Whether the device measures the azimuth of arrival.
    public var azimuth: Bool
    /// Whether the device measures the elevation of arrival.
    public var elevation: Bool
    /// Whether the device reports a figure of merit with its angles.
    public var angleFigureOfMerit: Bool
    /// Whether the device takes extended (8-octet) MAC addresses.
    public var extendedAddresses: Bool
    /// Whether the device can be a DL-TDoA tag (DEVICE_ROLE 8), listening to DT-anchors.
    public var downlinkTDoATag: Bool
    /// Whether the device can be an OWR-AoA advertiser and observer (DEVICE_ROLE 5 and 6).
    public var oneWayAoA: Bool

    /// A set with the given capabilities.
    public init(
        responder: Bool, initiator: Bool, channels: [Int], azimuth: Bool, elevation: Bool, angleFigureOfMerit: Bool,
        extendedAddresses: Bool, downlinkTDoATag: Bool = false, oneWayAoA: Bool = false
    ) {
        self.responder = responder
        self.initiator = initiator
        self.channels = channels.sorted()
        self.azimuth = azimuth
        self.elevation = elevation
        self.angleFigureOfMerit = angleFigureOfMerit
        self.extendedAddresses = extendedAddresses
        self.downlinkTDoATag = downlinkTDoATag
        self.oneWayAoA = oneWayAoA
    }

    /// The capabilities `parameters` (GET_CAPS_INFO_RSP's TLVs) state.
    public init(parameters: [UCIParameter<UCICapabilityID>]) {
        func bits(_ id: UCICapabilityID) -> UInt8 {
            parameters.first { $0.id == id }?.value.first ?? 0
        }
        let roles = bits(.supportedDeviceRoles)
        let moreRoles = parameters.first { $0.id == .supportedDeviceRoles }?.value.dropFirst().first ?? 0
        let channelBits = bits(.supportedChannels)
        let aoa = bits(.supportedAoA)
        self.init(
            responder: roles & 0x01 != 0, initiator: roles & 0x02 != 0,
            channels: Self.firaChannels.indices.filter { channelBits & (1 << $0) != 0 }.map { Self.firaChannels[$0] },
            azimuth: aoa & 0x03 != 0, elevation: aoa & 0x04 != 0, angleFigureOfMerit: aoa & 0x08 != 0,
            extendedAddresses: bits(.supportedExtendedMACAddress) != 0, downlinkTDoATag: moreRoles & 0x01 != 0,
            oneWayAoA: roles & Self.oneWayAoARoles == Self.oneWayAoARoles)
    }

    /// The TLVs of GET_CAPS_INFO_RSP stating these capabilities (channels that are not FiRa
    /// channels are left out).
    public var parameters: [UCIParameter<UCICapabilityID>] {
        let roles: UInt8 = (responder ? 0x01 : 0) | (initiator ? 0x02 : 0) | (oneWayAoA ? Self.oneWayAoARoles : 0)
        let channelBits = channels.reduce(UInt8(0)) { bits, channel in
            bits | (Self.firaChannels.firstIndex(of: channel).map { UInt8(1) << UInt8($0) } ?? 0)
        }
        let aoa: UInt8 = (azimuth ? 0x01 : 0) | (elevation ? 0x04 : 0) | (angleFigureOfMerit ? 0x08 : 0)
        return [
            UCIParameter(.supportedDeviceRoles, downlinkTDoATag ? [roles, 0x01] : [roles]),
            UCIParameter(.supportedChannels, integer: channelBits),
            UCIParameter(.supportedAoA, integer: aoa),
            UCIParameter(.supportedExtendedMACAddress, integer: UInt8(extendedAddresses ? 1 : 0)),
        ]
    }
}
