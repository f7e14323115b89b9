/// The 16-bit frame control field that opens every MAC frame, IEEE 802.15.4-2006 §7.2.1.1.
///
/// Bit layout (bit 0 is the least significant; the field is transmitted low octet first):
/// bits 0–2 frame type, 3 security enabled, 4 frame pending, 5 acknowledgement request,
/// 6 PAN ID compression, 7–9 reserved, 10–11 destination addressing mode, 12–13 frame version,
/// 14–15 source addressing mode.
///
/// This type represents any field whose subfields are defined; whether swift-uwb supports the frame
/// it describes (security, frame versions 2 and 3) is decided by ``MACFrame``.
public struct FrameControl: Hashable, Sendable {
    /// The kind of frame.
    public let frameType: MACFrameType
    /// Whether an auxiliary security header follows and the payload is secured.
    public let securityEnabled: Bool
    /// Whether the sender has more frames waiting for the recipient.
    public let framePending: Bool
    /// Whether the recipient must answer with an acknowledgement frame.
    public let acknowledgementRequest: Bool
    /// Whether the source PAN identifier is omitted because it equals the destination's.
    public let panIDCompression: Bool
    /// Which destination address, if any, follows the sequence number.
    public let destinationAddressingMode: AddressingMode
    /// The Frame Version subfield, 0 to 3 (0 = 2003, 1 = 2006).
    public let frameVersion: UInt8
    /// Which source address, if any, follows the destination address.
    public let sourceAddressingMode: AddressingMode

    /// Bits 7–9, reserved in the 2003 and 2006 editions.
    private static let reservedBits: UInt16 = 0b0000_0011_1000_0000
    /// The largest value the 2-bit Frame Version subfield can hold.
    private static let maximumFrameVersion: UInt8 = 3

    /// Builds a frame control field from its subfields.
    ///
    /// - Throws: ``MACFrameError/frameVersionOutOfRange(_:)`` when `frameVersion` does not fit in
    ///   2 bits.
    public init(
        frameType: MACFrameType,
        securityEnabled: Bool = false,
        framePending: Bool = false,
        acknowledgementRequest: Bool = false,
        panIDCompression: Bool = false,
        destinationAddressingMode: AddressingMode,
        frameVersion: UInt8 = 0,
        sourceAddressingMode: AddressingMode
    ) throws(MACFrameError) {
        guard frameVersion <= Self.maximumFrameVersion else {
            throw .frameVersionOutOfRange(frameVersion)
        }
        self.init(
            frameType: frameType,
            securityEnabled: securityEnabled,
            framePending: framePending,
            acknowledgementRequest: acknowledgementRequest,
            panIDCompression: panIDCompression,
            destinationAddressingMode: destinationAddressingMode,
            version: frameVersion,
            sourceAddressingMode: sourceAddressingMode
        )
    }

    /// Builds a frame control field from subfields the caller has already checked
    /// (`version` must be at most 3).
    init(
        frameType: MACFrameType,
        securityEnabled: Bool,
        framePending: Bool,
        acknowledgementRequest: Bool,
        panIDCompression: Bool,
        destinationAddressingMode: AddressingMode,
        version: UInt8,
        sourceAddressingMode: AddressingMode
    ) {
        self.frameType = frameType
        self.securityEnabled = securityEnabled
        self.framePending = framePending
        self.acknowledgementRequest = acknowledgementRequest
        self.panIDCompression = panIDCompression
        self.destinationAddressingMode = destinationAddressingMode
        self.frameVersion = version
        self.sourceAddressingMode = sourceAddressingMode
    }

    /// Decodes a frame control field from its 16-bit value (the two wire octets read little-endian).
    ///
    /// - Throws: ``MACFrameError/reservedFrameType(_:)``, ``MACFrameError/reservedAddressingMode(_:)``
    ///   or ``MACFrameError/reservedFrameControlBits(_:)``.
    public init(rawValue: UInt16) throws(MACFrameError) {
        let typeBits = UInt8(rawValue & 0b111)
        guard let frameType = MACFrameType(rawValue: typeBits) else {
            throw .reservedFrameType(typeBits)
        }
        guard rawValue & Self.reservedBits == 0 else {
            throw .reservedFrameControlBits(rawValue & Self.reservedBits)
        }
        self.frameType = frameType
        securityEnabled = rawValue & (1 << 3) != 0
        framePending = rawValue & (1 << 4) != 0
        acknowledgementRequest = rawValue & (1 << 5) != 0
        panIDCompression = rawValue & (1 << 6) != 0
        destinationAddressingMode = try Self.addressingMode(at: 10, of: rawValue, for: .destinationAddress)
        frameVersion = UInt8((rawValue >> 12) & 0b11)
        sourceAddressingMode = try Self.addressingMode(at: 14, of: rawValue, for: .sourceAddress)
    }

    /// The 16-bit value of the field; transmit it low octet first.
    public var rawValue: UInt16 {
        var value = UInt16(frameType.rawValue)
        if securityEnabled { value |= 1 << 3 }
        if framePending { value |= 1 << 4 }
        if acknowledgementRequest { value |= 1 << 5 }
        if panIDCompression { value |= 1 << 6 }
        value |= UInt16(destinationAddressingMode.rawValue) << 10
        value |= UInt16(frameVersion) << 12
        value |= UInt16(sourceAddressingMode.rawValue) << 14
        return value
    }

    /// Reads the 2-bit addressing mode subfield that starts at bit `shift`.
    private static func addressingMode(
        at shift: UInt16, of rawValue: UInt16, for field: MACFrameField
    ) throws(MACFrameError) -> AddressingMode {
        let modeBits = UInt8((rawValue >> shift) & 0b11)
        guard let mode = AddressingMode(rawValue: modeBits) else {
            throw .reservedAddressingMode(field)
        }
        return mode
    }
}
