import AccessoryProtocol
import UWBCore
import UWBRanging

/// What both sides of a session derive alike from their two discovery tokens, with no message
/// exchanged: who initiates the rounds, the session id, the addresses on the air, whether it ranges
/// with a scrambled timestamp sequence (and, once ``secured(by:secureTimestamps:)``, the keys of
/// its frames and its STS, from ``SessionKeyAgreement``).
///
/// - Role: the side whose token identifier is smaller (comparing octets in order) initiates.
/// - Session id: the 32-bit FNV-1a hash of the smaller identifier's octets followed by the larger's
///   (Fowler–Noll–Vo, offset basis 0x811C9DC5, prime 0x01000193), so both sides compute the same.
/// - Addresses: each side's short address is the one in its own token; the PAN is
///   ``RangingFrameFormat/defaultPAN``.
/// - STS: when both tokens' radios have one (``NIRadioCapability/supportsSecureTimestamps``, two
///   DW3000-family radios), on channel 5 or 9; a pair of which only one has an STS (a DW1000 and
///   a DW3000) ranges without, on channel 5, the only channel both families have.
struct SessionPairing: Hashable, Sendable {
    /// This side's role.
    let role: RangingRole
    /// The session as this side sees it.
    private(set) var link: RangingLink
    /// Whether both radios have an STS, so that the session ranges with one once secured.
    let usesSecureTimestamps: Bool
    /// Whether exactly one of the two radios has an STS: a DW1000 with a DW3000.
    let isMixedPair: Bool
    /// This side's and the peer's extended addresses (``DiscoveryTokenContent/extendedAddress``),
    /// for sessions that range in extended address mode on a UCI device.
    let extendedAddresses: ExtendedAddresses
    /// The session's STS: set by ``secured(by:secureTimestamps:)`` when ``usesSecureTimestamps``,
    /// or an accessory session's static STS.
    private(set) var secureTimestamps: SecureTimestampConfiguration?
    /// The 16-octet key a FiRa session of this pairing provisions its STS with (STS_CONFIG 3,
    /// SESSION_KEY): the STS key of the tokens' key agreement, set by
    /// ``secured(by:secureTimestamps:)`` whatever the radios, since every FiRa device has an STS.
    private(set) var provisionedSessionKey: [UInt8]?
    /// The FiRa session of an accessory session (``init(accessory:)``): on a UCI device, its
    /// parameters are the session's; nil for a session between two tokens.
    private(set) var accessorySession: AccessoryFiRaSession?

    /// The channel a pair of only one STS radio must use: channel 5, the only one the DW1000 and
    /// the DW3000 families share (``ChipFamily/channels``).
    static let mixedPairChannel = Channel.five

    /// The pairing of a local token with a peer's; `nil` if the two tokens share a short address or
    /// an identifier, which would make the frames ambiguous.
    init?(local: DiscoveryTokenContent, peer: DiscoveryTokenContent) {
        guard local.shortAddress != peer.shortAddress, local.identifier != peer.identifier else { return nil }
        let localFirst = local.identifier.octets.lexicographicallyPrecedes(peer.identifier.octets)
        let ordered = localFirst ? local.identifier.octets + peer.identifier.octets : peer.identifier.octets + local.identifier.octets
        role = localFirst ? .initiator : .responder
        link = RangingLink(
            session: SessionIdentifier(rawValue: FNV1a.hash32(ordered)), pan: RangingFrameFormat.defaultPAN,
            localAddress: local.shortAddress, peerAddress: peer.shortAddress)
        extendedAddresses = ExtendedAddresses(local: local.extendedAddress, peer: peer.extendedAddress)
        let localSTS = local.capabilities.supportsSecureTimestamps
        let peerSTS = peer.capabilities.supportsSecureTimestamps
        usesSecureTimestamps = localSTS && peerSTS
        isMixedPair = localSTS != peerSTS
    }

    /// The pairing of one side of an accessory session: the roles, session id and addresses
    /// `session` gives, no frame protection (the accessory protocol agrees no keys), and its
    /// static STS from FiRa's key schedule (``AccessoryFiRaSession/keySchedule()``), so a radio with
    /// an STS ranges the sequence a FiRa device configured alike does.
    ///
    /// - Throws: ``NIError/Code/invalidConfiguration`` if the key schedule cannot be made (an STS
    ///   IV that is not 6 octets).
    init(accessory session: AccessoryFiRaSession) throws(NIError) {
        role = session.isController ? .initiator : .responder
        link = RangingLink(
            session: SessionIdentifier(rawValue: session.sessionID), pan: RangingFrameFormat.defaultPAN,
            localAddress: session.ownAddress, peerAddress: session.peerAddress)
        usesSecureTimestamps = true
        isMixedPair = false
        extendedAddresses = ExtendedAddresses(local: UInt64(session.ownAddress), peer: UInt64(session.peerAddress))
        do {
            secureTimestamps = try session.keySchedule().secureTimestamps()
        } catch {
            throw NIError(.invalidConfiguration, detail: "the accessory session's static STS has no key schedule: \(error)")
        }
        accessorySession = session
    }

    /// The same pairing with its link secured by `protection`, and ranging with `secureTimestamps`
    /// if both radios have an STS.
    func secured(by protection: LinkProtection, secureTimestamps: SecureTimestampConfiguration) -> SessionPairing {
        var pairing = self
        pairing.link.protection = protection
        pairing.secureTimestamps = usesSecureTimestamps ? secureTimestamps : nil
        pairing.provisionedSessionKey = secureTimestamps.key.octets
        return pairing
    }

    /// Checks that this side's radio, on `channel`, can range with the peer.
    ///
    /// - Throws: ``NIError/Code/incompatiblePeerDevice`` for a mixed pair on a channel other than
    ///   ``mixedPairChannel``.
    func check(channel: Channel) throws(NIError) {
        guard isMixedPair, channel != Self.mixedPairChannel else { return }
        throw NIError(.incompatiblePeerDevice, detail: "one of the two radios has no secure timestamps (a DW1000), so the pair ranges on \(Self.mixedPairChannel) without them, but this radio is on \(channel); configure it for channel 5")
    }

    /// The two sides' 64-bit addresses.
    struct ExtendedAddresses: Hashable, Sendable {
        /// This side's.
        let local: UInt64
        /// The peer's.
        let peer: UInt64
    }
}
