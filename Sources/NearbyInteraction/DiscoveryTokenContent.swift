/// What a discovery token carries, and its versioned binary format (documented in
/// `Docs/nearby-interaction.md`, "Discovery token format").
///
/// Version 1, 24 octets plus the key share, multi-octet fields little-endian:
///
/// | Offset | Size | Field |
/// |---|---|---|
/// | 0 | 1 | format version, 1 |
/// | 1 | 1 | reserved, 0 |
/// | 2 | 16 | token identifier: random per session |
/// | 18 | 2 | UWB short address for the session: random, never 0xFFFE or 0xFFFF |
/// | 20 | 1 | capabilities: bit 0 distance, bit 1 horizontal angle, bit 2 direction; bits 3–7 reserved, 0 |
/// | 21 | 1 | reserved, 0 |
/// | 22 | 2 | public key share length: reserved for the key agreement, 0 in version 1 |
/// | 24 | n | public key share (absent in version 1) |
package struct DiscoveryTokenContent: Hashable, Sendable {
    /// The format version this library writes and reads.
    package static let currentVersion: UInt8 = 1

    /// The session's random token identifier.
    package let identifier: TokenIdentifier
    /// The random IEEE 802.15.4 short address the session uses on the air.
    package let shortAddress: UInt16
    /// What the token's device can measure.
    package let capabilities: NIRadioCapability
    /// The public key share for the session key agreement; reserved, empty in format version 1.
    package let publicKeyShare: [UInt8]

    /// Content with the given values.
    package init(identifier: TokenIdentifier, shortAddress: UInt16, capabilities: NIRadioCapability) {
        self.identifier = identifier
        self.shortAddress = shortAddress
        self.capabilities = capabilities
        self.publicKeyShare = []
    }

    /// Whether `address` may serve as a session's short address: not the broadcast address 0xFFFF and
    /// not 0xFFFE, which IEEE 802.15.4 reserves for "has no short address".
    package static func isUsableShortAddress(_ address: UInt16) -> Bool {
        address < 0xFFFE
    }

    /// The capability octet: bit 0 distance, bit 1 horizontal angle, bit 2 direction.
    private static func capabilityBits(_ capabilities: NIRadioCapability) -> UInt8 {
        (capabilities.supportsPreciseDistanceMeasurement ? 0b001 : 0)
            | (capabilities.supportsHorizontalAngleMeasurement ? 0b010 : 0)
            | (capabilities.supportsDirectionMeasurement ? 0b100 : 0)
    }

    /// The archived form (format version 1).
    package var encoded: [UInt8] {
        var writer = PayloadWriter()
        writer.append(Self.currentVersion)
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
    ///   an unusable short address, inconsistent capabilities or a public key share (none is defined yet).
    package init(decoding bytes: [UInt8]) throws(NIArchiveError) {
        var reader = PayloadReader(bytes)
        let version = try reader.readOctet("token format version")
        guard version == Self.currentVersion else { throw .unsupportedVersion(version, type: "discovery token") }
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
        guard bits & 0b1111_1000 == 0 else { throw .reservedBitsSet(field: "token capabilities", value: bits) }
        let capabilities = NIRadioCapability(
            supportsPreciseDistanceMeasurement: bits & 0b001 != 0,
            supportsHorizontalAngleMeasurement: bits & 0b010 != 0,
            supportsDirectionMeasurement: bits & 0b100 != 0
        )
        guard Self.capabilityBits(capabilities) == bits else {
            throw .invalidValue(field: "token capabilities", reason: "an angle or direction without distance, or a direction without an angle")
        }
        try reader.readReserved("token octet 21")
        let keyShare = try reader.readLengthPrefixed("token public key share")
        guard keyShare.isEmpty else {
            throw .invalidValue(field: "token public key share", reason: "\(keyShare.count) octets; format version 1 carries none")
        }
        try reader.finish()
        self.init(identifier: identifier, shortAddress: address, capabilities: capabilities)
    }
}
