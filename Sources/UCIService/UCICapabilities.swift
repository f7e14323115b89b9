import UCI
import UWBCore

/// GET_CAPS_INFO_RSP of an emulated board: what its DW1000 chips and antennas can do in the
/// scenario's radio configuration.
///
/// Bit fields: FiRa UCI Generic Specification, capability TLVs (as pica `src/device.rs` fills
/// them): SUPPORTED_DEVICE_ROLES bit 0 responder, bit 1 initiator; SUPPORTED_CHANNELS bit n
/// the n-th of channels 5, 6, 8, 9, 10, 12, 13, 14; SUPPORTED_AOA bit 0 azimuth (±90°), bit 2
/// elevation, bit 3 AoA figure of merit; SUPPORTED_EXTENDED_MAC_ADDRESS 0 (short addresses only).
enum UCICapabilities {
    /// The capability TLVs of a board on `channel`, with an antenna array (`hasArray`) that
    /// measures a full direction or only an azimuth.
    static func parameters(channel: Channel, hasArray: Bool, fullDirection: Bool) -> [UCIParameter<UCICapabilityID>] {
        let channelBit = UCIServiceConstants.firaChannelBits.firstIndex(of: channel.rawValue).map { UInt8(1) << UInt8($0) } ?? 0
        let aoa: UInt8 = hasArray ? 0x01 | 0x08 | (fullDirection ? 0x04 : 0) : 0
        return [
            UCIParameter(.supportedDeviceRoles, integer: UInt8(0x03)),
            UCIParameter(.supportedChannels, integer: channelBit),
            UCIParameter(.supportedAoA, integer: aoa),
            UCIParameter(.supportedExtendedMACAddress, integer: UInt8(0)),
        ]
    }
}
