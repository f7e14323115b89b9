import UWBCore
import UWBRanging

/// What both sides of a session derive alike from their two discovery tokens, with no message
/// exchanged: who initiates the rounds, the session id and the addresses on the air (and, once
/// ``secured(by:)``, the keys of its frames, from ``SessionKeyAgreement``).
///
/// - Role: the side whose token identifier is smaller (comparing octets in order) initiates.
/// - Session id: the 32-bit FNV-1a hash of the smaller identifier's octets followed by the larger's
///   (Fowler–Noll–Vo, offset basis 0x811C9DC5, prime 0x01000193), so both sides compute the same.
/// - Addresses: each side's short address is the one in its own token; the PAN is
///   ``RangingFrameFormat/defaultPAN``.
struct SessionPairing: Hashable, Sendable {
    /// This side's role.
    let role: RangingRole
    /// The session as this side sees it.
    private(set) var link: RangingLink

    /// The pairing of a local token with a peer's; `nil` if the two tokens share a short address or
    /// an identifier, which would make the frames ambiguous.
    init?(local: DiscoveryTokenContent, peer: DiscoveryTokenContent) {
        guard local.shortAddress != peer.shortAddress, local.identifier != peer.identifier else { return nil }
        let localFirst = local.identifier.octets.lexicographicallyPrecedes(peer.identifier.octets)
        let ordered = localFirst ? local.identifier.octets + peer.identifier.octets : peer.identifier.octets + local.identifier.octets
        role = localFirst ? .initiator : .responder
        link = RangingLink(
            session: SessionIdentifier(rawValue: Self.fnv1a(ordered)), pan: RangingFrameFormat.defaultPAN,
            localAddress: local.shortAddress, peerAddress: peer.shortAddress)
    }

    /// The same pairing with its link secured by `protection`.
    func secured(by protection: LinkProtection) -> SessionPairing {
        var pairing = self
        pairing.link.protection = protection
        return pairing
    }

    /// The 32-bit FNV-1a hash of `octets`.
    static func fnv1a(_ octets: [UInt8]) -> UInt32 {
        octets.reduce(UInt32(0x811C_9DC5)) { hash, octet in (hash ^ UInt32(octet)) &* 0x0100_0193 }
    }
}
