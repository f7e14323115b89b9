/// What a discovery token carries, and its versioned binary format (documented in
/// `Docs/nearby-interaction.md`, "Discovery token format").
///
/// Version 2, 24 octets plus the key share, multi-octet fields little-endian:
///
/// | Offset | Size | Field |
/// |---|---|---|
/// | 0 | 1 | format version, 2 |
/// | 1 | 1 | reserved, 0 |
/// | 2 | 16 | token identifier: random per session |
/// | 18 | 2 | UWB short address for the session: random, never 0xFFFE or 0xFFFF |
/// | 20 | 1 | capabilities: bit 0 distance, bit 1 horizontal angle, bit 2 direction, bit 3 secure timestamps (STS); bits 4–7 reserved, 0 |
/// | 21 | 1 | reserved, 0 |
/// | 22 | 2 | public key share length n: 33 as this library writes it, at most 65 read |
/// | 24 | n | public key share: the session's ephemeral P-256 key, SEC 1 compressed (33 octets) |
///
/// Version 1 (no key share, length 0) still decodes, so that an old peer's token is refused at
/// `run` with a message that says why, rather than as an unreadable archive. Whether the share
/// is a point on the curve is checked at `run` too (``SessionKeyAgreement``). Bit 3 of the
/// capabilities was reserved (0) before DW3000 radios: tokens of DW1000 radios are unchanged, and
/// older readers refuse a token with it set as a reserved bit.
package struct DiscoveryTokenContent: Hashable, Sendable {
    /// The format version this library writes.
    package static let currentVersion: UInt8 = 2
    /// The format version before key shares, which decodes with none.
    package static let keylessVersion: UInt8 = 1
    /// The longest key share read: 65 octets, an uncompressed P-256 point (SEC 1).
    package static let maximumKeyShareLength = 65

    /// The session's random token identifier.
    package let identifier: TokenIdentifier
    /// The random IEEE 802.15.4 short address the session uses on the air.
    package let shortAddress: UInt16
    /// What the token's device can measure.
    package let capabilities: NIRadioCapability
    /// The public key share for the session key agreement; empty in a version 1 token.
    package let publicKeyShare: [UInt8]

    /// Content with the given values.
    package init(identifier: TokenIdentifier, shortAddress: UInt16, capabilities: NIRadioCapability, publicKeyShare: [UInt8]) {
        self.identifier = identifier
        self.shortAddress = shortAddress
        self.capabilities = capabilities
        self.publicKeyShare = publicKeyShare
    }

    /// The 64-bit (extended) address a FiRa session in extended address mode names this token's side
    /// by, derived from the token alone so that both sides agree with no message exchanged: the short
    /// address in the two low octets (what tells the two sides apart, as ``SessionPairing`` requires),
    /// the identifier's first six octets above them.
    package var extendedAddress: UInt64 {
        identifier.octets.prefix(6).enumerated().reduce(UInt64(shortAddress)) { address, element in
            address | UInt64(element.element) << (16 + 8 * UInt64(element.offset))
        }
    }

    /// Whether `address` may serve as a session's short address: not the broadcast address 0xFFFF and
    /// not 0xFFFE, which IEEE 802.15.4 reserves for "has no short address".
    package static func isUsableShortAddress(_ address: UInt16) -> Bool {
        address < 0xFFFE
    }

    /// The capability octet: bit 0 distance, bit 1 horizontal angle, bit 2 direction, bit 3
    /// secure timestamps.
    private static func capabilityBits(_ capabilities: NIRadioCapability) -> UInt8 {
        (capabilities.supportsPreciseDistanceMeasurement ? 0b0001 : 0)
            | (capabilities.supportsHorizontalAngleMeasurement ? 0b0010 : 0)
            | (capabilities.supportsDirectionMeasurement ? 0b0100 : 0)
            | (capabilities.supportsSecureTimestamps ? 0b1000 : 0)
    }

    /// The archived form: format version 2, or 1 for content without a key share.
    package var encoded: [UInt8] {
        var writer = PayloadWriter()
        writer.append(publicKeyShare.isEmpty ? Self.keylessVersion : Self.currentVersion)
        writer.append(0)
        writer.append(contentsOf: identifier.octets)
        writer.appendLittleEndian(shortAddress)
        writer.append(Self.capabilityBits(capabilities))
        writer.append(0)
        writer.appendLengthPrefixed(publicKeyShare)
        return writer.bytes
    }

    /// Decodes and validates an archived token.
    ///
    /// - Throws: ``NIArchiveError`` for a wrong version, a short or long payload, reserved bits,
    ///   an unusable short address, inconsistent capabilities, a key share in a version 1 token or
    ///   an empty or oversized one in a version 2 token.
    package init(decoding bytes: [UInt8]) throws(NIArchiveError) {
        var reader = PayloadReader(bytes)
        let version = try reader.readOctet("token format version")
        guard version == Self.currentVersion || version == Self.keylessVersion else {
            throw .unsupportedVersion(version, type: "discovery token")
        }
        try reader.readReserved("token octet 1")
        let octets = try reader.read(count: TokenIdentifier.length, "token identifier")
        guard let identifier = TokenIdentifier(octets: octets) else {
            throw .invalidValue(field: "token identifier", reason: "not 16 octets")
        }
        let address = try reader.readLittleEndian(UInt16.self, "token short address")
        guard Self.isUsableShortAddress(address) else {
            throw .invalidValue(field: "token short address", reason: "0x\(String(address, radix: 16, uppercase: true)) is reserved")
        }
        let bits = try reader.readOctet("token capabilities")
        guard bits & 0b1111_0000 == 0 else { throw .reservedBitsSet(field: "token capabilities", value: bits) }
        let capabilities = NIRadioCapability(
            supportsPreciseDistanceMeasurement: bits & 0b0001 != 0,
            supportsHorizontalAngleMeasurement: bits & 0b0010 != 0,
            supportsDirectionMeasurement: bits & 0b0100 != 0,
            supportsSecureTimestamps: bits & 0b1000 != 0
        )
        guard Self.capabilityBits(capabilities) == bits else {
            throw .invalidValue(
                field: "token capabilities",
                reason: "an angle, direction or secure timestamps without distance, or a direction without an angle")
        }
        try reader.readReserved("token octet 21")
        let keyShare = try reader.readLengthPrefixed("token public key share")
        let allowed = version == Self.keylessVersion ? 0...0 : 1...Self.maximumKeyShareLength
        guard allowed.contains(keyShare.count) else {
            throw .invalidValue(
                field: "token public key share",
                reason: "\(keyShare.count) octets; format version \(version) carries \(allowed.lowerBound == allowed.upperBound ? "none" : "1 to \(allowed.upperBound)")")
        }
        try reader.finish()
        self.init(identifier: identifier, shortAddress: address, capabilities: capabilities, publicKeyShare: keyShare)
    }
}
