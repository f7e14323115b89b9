/// The auxiliary security header of a secured MAC frame, IEEE 802.15.4-2006 §7.6.2: security
/// control (1 octet: bits 0–2 security level, bits 3–4 key identifier mode, bits 5–7 reserved),
/// frame counter (4 octets, low first) and key identifier (0, 1, 5 or 9 octets). It follows the
/// addressing fields; the payload and the MIC follow it.
public struct AuxiliarySecurityHeader: Hashable, Sendable {
    /// How the frame is protected.
    public var securityLevel: MACSecurityLevel
    /// The sender's frame counter for this frame: a receiver accepts each value once per key.
    public var frameCounter: UInt32
    /// Which key protects the frame.
    public var keyIdentifier: MACKeyIdentifier

    /// A header with the given fields.
    public init(securityLevel: MACSecurityLevel, frameCounter: UInt32, keyIdentifier: MACKeyIdentifier) {
        self.securityLevel = securityLevel
        self.frameCounter = frameCounter
        self.keyIdentifier = keyIdentifier
    }

    /// Security control bits 5–7, reserved in IEEE 802.15.4-2006.
    private static let reservedBits: UInt8 = 0b1110_0000

    /// The security control octet.
    public var securityControl: UInt8 {
        securityLevel.rawValue | keyIdentifier.mode << 3
    }

    /// The header's octets as sent.
    public var octets: [UInt8] {
        var octets = [securityControl]
        octets.appendLittleEndian(frameCounter)
        return octets + keyIdentifier.octets
    }

    /// Reads the header at the front of `reader`.
    ///
    /// - Throws: ``MACFrameError/truncated(field:needed:present:)`` or
    ///   ``MACFrameError/reservedSecurityControlBits(_:)``.
    static func read(from reader: inout ByteReader) throws(MACFrameError) -> AuxiliarySecurityHeader {
        let control = try reader.read(UInt8.self, for: .securityControl)
        guard control & reservedBits == 0 else { throw .reservedSecurityControlBits(control & reservedBits) }
        let counter = try reader.read(UInt32.self, for: .frameCounter)
        let key = try MACKeyIdentifier.read(mode: control >> 3 & 0b11, from: &reader)
        // The level has three bits, so every value names a case.
        return AuxiliarySecurityHeader(
            securityLevel: MACSecurityLevel(rawValue: control & 0b111) ?? .none, frameCounter: counter, keyIdentifier: key)
    }
}
