import UCI
import UWBCore

/// GET_CAPS_INFO_RSP of an emulated board: what its DW1000 chips and antennas can do in the
/// scenario's radio configuration (bit fields: ``UCI/UCICapabilitySet``): both roles, the
/// scenario's channel if it is a FiRa channel, azimuth with a figure of merit on a board with an
/// antenna array (and elevation on one that measures a full direction), short and extended MAC
/// addresses (MAC_ADDRESS_MODE 0, 1 and 2), the DL-TDoA tag role (sessions that listen to the
/// scenario's DL-TDoA anchors) and the OWR-AoA advertiser and observer roles.
enum UCICapabilities {
    /// The capability TLVs of a board on `channel`, with an antenna array (`hasArray`) that
    /// measures a full direction or only an azimuth.
    static func parameters(channel: Channel, hasArray: Bool, fullDirection: Bool) -> [UCIParameter<UCICapabilityID>] {
        UCICapabilitySet(
            responder: true, initiator: true, channels: [channel.rawValue], azimuth: hasArray, elevation: hasArray && fullDirection,
            angleFigureOfMerit: hasArray, extendedAddresses: true, downlinkTDoATag: true, oneWayAoA: true
        ).parameters
    }
}
