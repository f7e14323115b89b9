/// The IEEE 802.15.4 frame check sequence (IEEE 802.15.4-2006 §7.2.1.9).
///
/// It is the ITU-T CRC-16, generator x¹⁶ + x¹² + x⁵ + 1, initial value 0, processed least
/// significant bit first with no final XOR: the catalogued CRC-16/KERMIT (check value 0x2189 for
/// ASCII `123456789`). On the wire it follows the payload, low octet first.
public enum FrameCheckSequence {
    /// The FCS length in octets.
    public static let length = 2

    /// The generator polynomial 0x1021 with its bits reversed, for least-significant-bit-first processing.
    private static let reflectedPolynomial: UInt16 = 0x8408

    /// Per value of the low octet of the remainder (with the next input octet added), what eight
    /// steps of least-significant-bit-first division by ``reflectedPolynomial`` leave in the
    /// remainder: an octet at a time instead of a bit.
    @usableFromInline
    static let octetRemainders: [UInt16] = (0..<256).map { value in
        var remainder = UInt16(value)
        for _ in 0..<8 {
            remainder = remainder & 1 != 0 ? (remainder >> 1) ^ reflectedPolynomial : remainder >> 1
        }
        return remainder
    }

    /// Computes the FCS over `bytes` (the MAC header and payload, without the FCS itself).
    /// Inlinable, so that it is specialised for the caller's sequence: every frame an emulated chip
    /// sends passes through it.
    @inlinable
    public static func compute(_ bytes: some Sequence<UInt8>) -> UInt16 {
        let table = octetRemainders
        var remainder: UInt16 = 0
        for byte in bytes {
            remainder = (remainder >> 8) ^ table[Int(UInt8(truncatingIfNeeded: remainder) ^ byte)]
        }
        return remainder
    }

    /// The FCS of `bytes` as the two octets that follow them on the wire, low octet first.
    public static func octets(for bytes: some Sequence<UInt8>) -> [UInt8] {
        let fcs = compute(bytes)
        return [UInt8(truncatingIfNeeded: fcs), UInt8(truncatingIfNeeded: fcs >> 8)]
    }
}
