/// The bit modes of SIO_SET_BITMODE (``FTDIRequest/setBitMode``): the high octet of wValue; the
/// low octet is the ADBUS direction mask, 1 = output (`Docs/reference/ftdi-mpsse.md` §2, libftdi `ftdi_mpsse_mode`).
public enum FTDIBitMode: UInt8, CaseIterable, Hashable, Sendable {
    /// 0x00: back to the default (UART/FIFO) mode.
    case reset = 0x00
    /// 0x01: asynchronous bit-bang.
    case bitBang = 0x01
    /// 0x02: the MPSSE command processor.
    case mpsse = 0x02

    /// The wValue of the SET_BITMODE request: `(mode << 8) | direction`.
    public func requestValue(direction: UInt8) -> UInt16 {
        UInt16(rawValue) << 8 | UInt16(direction)
    }
}
