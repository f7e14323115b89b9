import AccessoryProtocol
import UCI
import UWBCore
import UWBRanging

/// The FiRa session a Nearby Interaction session becomes on a UCI device, derived like the
/// ``SessionPairing`` from the two tokens alone, so that both sides configure the same session
/// with no message exchanged:
///
/// - session id: the pairing's session id;
/// - roles: the initiator is CONTROLLER and INITIATOR, the responder CONTROLEE and RESPONDER;
/// - one-to-one DS-TWR, deferred (RANGING_ROUND_USAGE 2, the FiRa default);
/// - MAC addresses (``UCIAddressing``): each token's short address, the peer's as DST_MAC_ADDRESS;
///   or, in extended mode, each token's ``DiscoveryTokenContent/extendedAddress``;
/// - RANGING_DURATION: the session's update interval, in milliseconds;
/// - CHANNEL_NUMBER: the device's lowest supported channel (both sides must support it);
/// - AOA_RESULT_REQ 1 when the device measures angles;
/// - a provisioned STS (STS_CONFIG 3) whose SESSION_KEY is the STS key of the tokens' key
///   agreement (``SessionKeyAgreement``): both sides derive it, and no one who sees only the tokens
///   or the session id can; FiRa's key schedule makes the sequence from it on the device;
/// - for a pairing not secured (frame security off, this package's own tests only): a static STS
///   (STS_CONFIG 0) with VENDOR_ID "SU" and STATIC_STS_IV from the session id, which both sides
///   agree on and anyone can compute.
///
/// A DL-TDoA session (``init(downlinkTDoATag:channel:)``) listens instead: its session id is the
/// network identifier ("the session ID configured in the DL-TDOA anchors", Apple), DEVICE_TYPE
/// controlee, DEVICE_ROLE DT-tag (8), RANGING_ROUND_USAGE DL-TDoA (5), on the device's channel.
///
/// Values: FiRa UCI Generic Specification, application configuration parameters, as google/pica's
/// `src/uci_packets.pdl` lists them (`DeviceType`, `DeviceRole`, `RangingRoundUsage`, `StsConfig`,
/// `MultiNodeMode`).
struct FiRaSessionPlan {
    /// The FiRa session id.
    let sessionID: UInt32
    /// The SET_APP_CONFIG parameters.
    let parameters: [UCIParameter<UCIAppConfigID>]

    /// The peer's address as the device's measurements name it; nil for a DT-tag, which has no peer.
    let peerAddress: UInt64?

    /// The plan for `pairing` ranging every `interval` on `channel`, asking for angles if `angles`,
    /// with `addressing`'s MAC addresses.
    init(pairing: SessionPairing, interval: Duration, channel: Int, angles: Bool, addressing: UCIAddressing = .short) {
        let link = pairing.link
        sessionID = link.session.rawValue
        let initiates = pairing.role == .initiator
        let milliseconds = UInt32(clamping: Int64((interval / .milliseconds(1)).rounded()))
        var iv: [UInt8] = []
        iv.appendLittleEndian(sessionID)
        let addresses: (own: UCIParameter<UCIAppConfigID>, peer: UCIParameter<UCIAppConfigID>)
        switch addressing {
        case .short:
            peerAddress = UInt64(link.peerAddress)
            addresses = (UCIParameter(.deviceMacAddress, integer: link.localAddress), UCIParameter(.destinationMacAddress, integer: link.peerAddress))
        case .extended:
            peerAddress = pairing.extendedAddresses.peer
            addresses = (
                UCIParameter(.deviceMacAddress, integer: pairing.extendedAddresses.local),
                UCIParameter(.destinationMacAddress, integer: pairing.extendedAddresses.peer))
        }
        var parameters: [UCIParameter<UCIAppConfigID>] = [
            UCIParameter(.deviceType, integer: UInt8(initiates ? 1 : 0)),
            UCIParameter(.deviceRole, integer: UInt8(initiates ? 1 : 0)),
            UCIParameter(.rangingRoundUsage, integer: UInt8(2)),
            UCIParameter(.multiNodeMode, integer: UInt8(0)),
            UCIParameter(.numberOfControlees, integer: UInt8(1)),
            UCIParameter(.macAddressMode, integer: addressing.macAddressMode),
            addresses.own,
            addresses.peer,
            UCIParameter(.channelNumber, integer: UInt8(clamping: channel)),
            UCIParameter(.rangingDuration, integer: milliseconds),
            UCIParameter(.aoaResultRequest, integer: UInt8(angles ? 1 : 0)),
        ]
        if let key = pairing.provisionedSessionKey {
            parameters += [UCIParameter(.stsConfig, integer: Self.provisionedSTS), UCIParameter(.sessionKey, key)]
        } else {
            parameters += [UCIParameter(.stsConfig, integer: UInt8(0)), UCIParameter(.vendorID, Self.vendorID), UCIParameter(.staticSTSIV, iv + [0, 0])]
        }
        self.parameters = parameters
    }

    /// The plan of one side of an accessory session: the parameters its data sets up
    /// (``AccessoryFiRaSession/parameters``), asking for angles if `angles`.
    init(accessory session: AccessoryFiRaSession, angles: Bool) {
        sessionID = session.sessionID
        peerAddress = UInt64(session.peerAddress)
        parameters = session.parameters + [UCIParameter(.aoaResultRequest, integer: UInt8(angles ? 1 : 0))]
    }

    /// The plan of a DT-tag listening to the anchors of `network` on `channel`.
    init(downlinkTDoATag network: PANIdentifier, channel: Int) {
        sessionID = UInt32(network.rawValue)
        peerAddress = nil
        parameters = [
            UCIParameter(.deviceType, integer: UInt8(0)),
            UCIParameter(.deviceRole, integer: UCIConstants.downlinkTDoATagRole),
            UCIParameter(.rangingRoundUsage, integer: UCIConstants.downlinkTDoARoundUsage),
            UCIParameter(.channelNumber, integer: UInt8(clamping: channel)),
        ]
    }

    /// STS_CONFIG of a provisioned STS: 3.
    static let provisionedSTS: UInt8 = 3

    /// The VENDOR_ID of the static STS: "SU" (swift-uwb) in ASCII. Any value does, as long as both
    /// sides use the same.
    static let vendorID: [UInt8] = Array("SU".utf8)
}
