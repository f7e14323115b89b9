/// The MPSSE command opcodes the SPI bus and its emulator use, as named constants.
///
/// Source: `Docs/reference/ftdi-mpsse.md` §4.1 (data shifting, bit fields from libftdi `ftdi.h`) and §4.2
/// (control and GPIO), which follow FTDI AN_108.
public enum MPSSEOpcode {
    /// 0x11: clock bytes out on MOSI, MSB first, data changing on the falling edge (SPI mode 0
    /// write); followed by a length (``MPSSECommand`` encodes it as length − 1) and the octets.
    public static let writeBytesFallingEdgeMSBFirst: UInt8 = 0x11
    /// 0x20: clock bytes in from MISO, MSB first, sampled on the rising edge (SPI mode 0 read);
    /// followed by a length; the chip answers with that many octets.
    public static let readBytesRisingEdgeMSBFirst: UInt8 = 0x20
    /// 0x80: set the levels and directions of ADBUS0–7 (value, direction; 1 = output).
    public static let setLowBits: UInt8 = 0x80
    /// 0x81: read the levels of ADBUS0–7; the chip answers with one octet.
    public static let readLowBits: UInt8 = 0x81
    /// 0x82: set the levels and directions of ACBUS0–7 (value, direction; 1 = output).
    public static let setHighBits: UInt8 = 0x82
    /// 0x83: read the levels of ACBUS0–7; the chip answers with one octet.
    public static let readHighBits: UInt8 = 0x83
    /// 0x84: connect MOSI to MISO inside the chip.
    public static let loopbackOn: UInt8 = 0x84
    /// 0x85: disconnect the internal loopback.
    public static let loopbackOff: UInt8 = 0x85
    /// 0x86: set the clock divisor (low octet, high octet).
    public static let setClockDivisor: UInt8 = 0x86
    /// 0x87: send the chip's IN buffer to the host now instead of when the latency timer expires.
    public static let sendImmediate: UInt8 = 0x87
    /// 0x8A: divide-by-5 off, a 60 MHz base clock (H-series only).
    public static let divideByFiveOff: UInt8 = 0x8A
    /// 0x8B: divide-by-5 on, a 12 MHz base clock.
    public static let divideByFiveOn: UInt8 = 0x8B
    /// 0x8C: three-phase data clocking on (meant for I²C).
    public static let threePhaseClockingOn: UInt8 = 0x8C
    /// 0x8D: three-phase data clocking off, as SPI needs.
    public static let threePhaseClockingOff: UInt8 = 0x8D
    /// 0x96: adaptive clocking on (JTAG RTCK).
    public static let adaptiveClockingOn: UInt8 = 0x96
    /// 0x97: adaptive clocking off.
    public static let adaptiveClockingOff: UInt8 = 0x97
    /// 0xAA: an undefined opcode sent on purpose to synchronise: the chip answers `FA AA`
    /// (AN_135 §4, "Synchronization & Bad Command Detection").
    public static let synchronize: UInt8 = 0xAA
    /// 0xAB: the second undefined opcode FTDI's examples synchronise with (answer `FA AB`).
    public static let synchronizeAgain: UInt8 = 0xAB
    /// 0xFA: the first octet of the chip's answer to an undefined opcode with bit 7 set; the
    /// opcode follows (FTDI KB "Bad Commands").
    public static let badCommandMarker: UInt8 = 0xFA
}
