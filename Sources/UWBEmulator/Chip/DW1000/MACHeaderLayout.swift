import UWBCore

/// Where the addressing fields of a received frame lie, as the DW1000's frame filter decodes them
/// from the frame control field (UM §5.2, §11.2; IEEE 802.15.4-2011 §5.2.1): the frame control
/// (2 octets), the sequence number (1), then the destination PAN ID and address, then the source
/// PAN ID and address, each present as the addressing modes say.
///
/// It reads frames the codec would refuse (reserved frame types and versions), because the chip
/// works out the header length of any frame it receives (UM §7.2.6 FFAR: "the frame filter does
/// decode the frame control fields to determine the minimum length of the expected frame").
struct MACHeaderLayout {
    /// The frame type, 0–7 (frame control bits 2–0).
    let frameType: UInt16
    /// The frame version, 0–3 (bits 13–12).
    let frameVersion: UInt16
    /// The destination address's length in octets: 0 (none), 2 (short) or 8 (extended).
    let destinationAddressLength: Int
    /// The source address's length in octets.
    let sourceAddressLength: Int
    /// Whether a source PAN ID is present: with a source address, unless PAN ID compression
    /// (bit 6) leaves it out because a destination PAN ID is present.
    let hasSourcePAN: Bool

    /// Octets before the destination PAN ID: frame control and sequence number.
    static let fixedLength = 3

    /// The layout the frame control field `control` announces. An address is present when the
    /// high bit of its 2-bit addressing mode is set: 10 short, 11 extended; the reserved mode 01
    /// counts as no address [U: the UM does not say how the chip treats it].
    init(control: UInt16) {
        frameType = control & 0b111
        frameVersion = (control >> 12) & 0b11
        destinationAddressLength = Self.addressLength(mode: (control >> 10) & 0b11)
        sourceAddressLength = Self.addressLength(mode: (control >> 14) & 0b11)
        let compressed = control & (1 << 6) != 0
        hasSourcePAN = sourceAddressLength > 0 && !(compressed && destinationAddressLength > 0)
    }

    /// Whether a destination PAN ID and address are present.
    var hasDestination: Bool { destinationAddressLength > 0 }

    /// Where the destination PAN ID starts.
    var destinationPANOffset: Int { Self.fixedLength }
    /// Where the destination address starts.
    var destinationAddressOffset: Int { destinationPANOffset + (hasDestination ? 2 : 0) }
    /// Where the source PAN ID starts, when present.
    var sourcePANOffset: Int { destinationAddressOffset + destinationAddressLength }
    /// The header's length through the source address: what the filter must receive before it
    /// can judge the addresses.
    var length: Int { sourceAddressOffset + sourceAddressLength }

    /// Where the source address starts, when present.
    var sourceAddressOffset: Int { sourcePANOffset + (hasSourcePAN ? 2 : 0) }

    /// The short source address of `frame` (a data, acknowledgement or MAC command frame of
    /// version 0 or 1 long enough to hold it); nil for any other frame.
    static func shortSourceAddress(of frame: [UInt8]) -> UInt16? {
        guard frame.count >= 2 else { return nil }
        let layout = MACHeaderLayout(control: UInt16(frame[0]) | UInt16(frame[1]) << 8)
        guard layout.frameType <= 3, layout.frameVersion <= 1, layout.sourceAddressLength == 2, frame.count >= layout.length else {
            return nil
        }
        return UInt16(value(in: frame, at: layout.sourceAddressOffset, count: 2))
    }

    /// The little-endian value of the `count` octets of `frame` from `offset` (the frame holds
    /// them: callers check ``length`` first).
    static func value(in frame: [UInt8], at offset: Int, count: Int) -> UInt64 {
        (0..<count).reduce(UInt64(0)) { $0 | UInt64(frame[offset + $1]) << (8 * $1) }
    }

    /// An addressing mode's address length.
    private static func addressLength(mode: UInt16) -> Int {
        switch mode {
        case 0b10: 2
        case 0b11: 8
        default: 0
        }
    }
}
