import UWBCore

/// The shareable configuration data the phone hands an accessory in Apple's Nearby Interaction
/// accessory protocol (`session(_:didGenerateShareableConfigurationData:for:)`), which sets up the
/// FiRa session: the version (major and minor, 2 octets each) and the length of what follows (1),
/// then the country code (2 ASCII octets), session id (4), preamble code index (1), channel (1),
/// slots per round (2), slot duration in RSTU (2), ranging interval in ms (2), ranging round
/// control (1), static STS IV (6), the phone's short address (2) and, in version 1.1, two more
/// octets, all little endian: 28 octets in 1.0, 30 in 1.1.
///
/// Sources: the NXP Zephyr Nearby Interaction sample's decoded example and an independent layout
/// on Qorvo's forum (thread 10796); `Docs/reference/accessory-protocol.md` §4. What the 1.1
/// octets mean is not published (likely a clock drift).
public struct ShareableConfigurationData: Hashable, Sendable {
    /// The version's minor number: 0 or 1.
    public var minorVersion: UInt16
    /// The country code, two ASCII letters ("US").
    public var countryCode: [UInt8]
    /// The FiRa session id.
    public var sessionID: UInt32
    /// The preamble code index.
    public var preambleCodeIndex: UInt8
    /// The UWB channel.
    public var channel: UInt8
    /// The slots of one ranging round.
    public var slotsPerRound: UInt16
    /// A slot's duration in ranging time units (RSTU, 1/1.2 µs).
    public var slotDuration: UInt16
    /// The ranging interval (a block) in milliseconds.
    public var rangingInterval: UInt16
    /// The ranging round control octet.
    public var rangingRoundControl: UInt8
    /// The static STS's IV (STATIC_STS_IV).
    public var stsIV: [UInt8]
    /// The phone's short MAC address: the accessory's DST_MAC_ADDRESS.
    public var phoneAddress: UInt16
    /// Version 1.1's last two octets, as sent.
    public var extensionField: UInt16?

    /// The major version every published example has.
    public static let majorVersion: UInt16 = 1
    private static let name = "shareable configuration data"
    /// Version, version and length.
    static let headerLength = 5
    /// What follows the header in version 1.0.
    static let bodyLengthV10 = 23
    /// The STS IV's length.
    static let stsIVLength = 6

    /// Data with the given values; an extension field makes it version 1.1.
    public init(
        countryCode: [UInt8], sessionID: UInt32, preambleCodeIndex: UInt8, channel: UInt8, slotsPerRound: UInt16, slotDuration: UInt16,
        rangingInterval: UInt16, rangingRoundControl: UInt8, stsIV: [UInt8], phoneAddress: UInt16, extensionField: UInt16? = nil
    ) {
        minorVersion = extensionField == nil ? 0 : 1
        self.countryCode = countryCode
        self.sessionID = sessionID
        self.preambleCodeIndex = preambleCodeIndex
        self.channel = channel
        self.slotsPerRound = slotsPerRound
        self.slotDuration = slotDuration
        self.rangingInterval = rangingInterval
        self.rangingRoundControl = rangingRoundControl
        self.stsIV = stsIV
        self.phoneAddress = phoneAddress
        self.extensionField = extensionField
    }

    /// The data `octets` hold, all of them.
    ///
    /// - Throws: ``AccessoryProtocolError`` for data cut short or too long, of a version other
    ///   than 1.0 and 1.1, or whose length octet disagrees with its version.
    public init(octets: [UInt8]) throws(AccessoryProtocolError) {
        guard octets.count >= Self.headerLength else {
            throw .truncated(structure: Self.name, needed: Self.headerLength, present: octets.count)
        }
        var reader = ByteReader(octets[...])
        let major = reader.readIfPresent(UInt16.self) ?? 0
        minorVersion = reader.readIfPresent(UInt16.self) ?? 0
        guard major == Self.majorVersion, minorVersion <= 1 else {
            throw .unknownVersion(structure: Self.name, major: major, minor: minorVersion)
        }
        let declared = Int(reader.readIfPresent(UInt8.self) ?? 0)
        let expected = Self.bodyLengthV10 + (minorVersion == 1 ? 2 : 0)
        guard declared == expected else { throw .lengthMismatch(structure: Self.name, declared: declared, actual: expected) }
        guard octets.count >= Self.headerLength + expected else {
            throw .truncated(structure: Self.name, needed: Self.headerLength + expected, present: octets.count)
        }
        guard octets.count == Self.headerLength + expected else {
            throw .overlong(structure: Self.name, expected: Self.headerLength + expected, present: octets.count)
        }
        countryCode = Array(reader.takeIfPresent(2) ?? [])
        sessionID = reader.readIfPresent(UInt32.self) ?? 0
        preambleCodeIndex = reader.readIfPresent(UInt8.self) ?? 0
        channel = reader.readIfPresent(UInt8.self) ?? 0
        slotsPerRound = reader.readIfPresent(UInt16.self) ?? 0
        slotDuration = reader.readIfPresent(UInt16.self) ?? 0
        rangingInterval = reader.readIfPresent(UInt16.self) ?? 0
        rangingRoundControl = reader.readIfPresent(UInt8.self) ?? 0
        stsIV = Array(reader.takeIfPresent(Self.stsIVLength) ?? [])
        phoneAddress = reader.readIfPresent(UInt16.self) ?? 0
        extensionField = minorVersion == 1 ? reader.readIfPresent(UInt16.self) : nil
    }

    /// The octets.
    ///
    /// - Throws: ``AccessoryProtocolError/invalidField(structure:field:detail:)`` for a country code
    ///   that is not 2 octets or an STS IV that is not 6.
    public func encoded() throws(AccessoryProtocolError) -> [UInt8] {
        guard countryCode.count == 2 else {
            throw .invalidField(structure: Self.name, field: "country code", detail: "has \(countryCode.count) octets, not 2")
        }
        guard stsIV.count == Self.stsIVLength else {
            throw .invalidField(structure: Self.name, field: "STS IV", detail: "has \(stsIV.count) octets, not 6")
        }
        var octets: [UInt8] = []
        octets.appendLittleEndian(Self.majorVersion)
        octets.appendLittleEndian(extensionField == nil ? UInt16(0) : 1)
        octets.append(UInt8(Self.bodyLengthV10 + (extensionField == nil ? 0 : 2)))
        octets += countryCode
        octets.appendLittleEndian(sessionID)
        octets += [preambleCodeIndex, channel]
        octets.appendLittleEndian(slotsPerRound)
        octets.appendLittleEndian(slotDuration)
        octets.appendLittleEndian(rangingInterval)
        octets.append(rangingRoundControl)
        octets += stsIV
        octets.appendLittleEndian(phoneAddress)
        if let extensionField {
            octets.appendLittleEndian(extensionField)
        }
        return octets
    }
}
