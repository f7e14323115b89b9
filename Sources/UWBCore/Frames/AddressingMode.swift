/// The Destination and Source Addressing Mode subfields of the frame control field,
/// IEEE 802.15.4-2006 §7.2.1.1.6 and §7.2.1.1.8.
///
/// Value 1 is reserved; decoding it throws ``MACFrameError/reservedAddressingMode(_:)``.
public enum AddressingMode: UInt8, Hashable, Sendable {
    /// No PAN identifier and no address are present.
    case none = 0
    /// A PAN identifier and a 16-bit short address are present.
    case short = 2
    /// A PAN identifier and a 64-bit extended address are present.
    case extended = 3
}
