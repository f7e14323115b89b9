/// The FTDI vendor control requests (bRequest) the MPSSE layer sends, with bmRequestType 0x40
/// (host to device) or 0xC0 (device to host) and the interface in wIndex (`Docs/reference/ftdi-mpsse.md` §2;
/// libftdi `ftdi.h`, Linux `ftdi_sio.h`).
public enum FTDIRequest: UInt8, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// 0x00 SIO_RESET: wValue ``FTDIResetValue``.
    case reset = 0x00
    /// 0x01 SIO_SET_MODEM_CTRL: DTR and RTS.
    case setModemControl = 0x01
    /// 0x02 SIO_SET_FLOW_CTRL.
    case setFlowControl = 0x02
    /// 0x03 SIO_SET_BAUDRATE.
    case setBaudRate = 0x03
    /// 0x04 SIO_SET_DATA: data bits, parity, stop bits.
    case setData = 0x04
    /// 0x05 SIO_POLL_MODEM_STATUS (IN, 2 octets: the same status as each IN packet's header).
    case pollModemStatus = 0x05
    /// 0x06 SIO_SET_EVENT_CHAR.
    case setEventCharacter = 0x06
    /// 0x07 SIO_SET_ERROR_CHAR.
    case setErrorCharacter = 0x07
    /// 0x09 SIO_SET_LATENCY_TIMER: wValue 1...255 ms.
    case setLatencyTimer = 0x09
    /// 0x0A SIO_GET_LATENCY_TIMER (IN, 1 octet).
    case getLatencyTimer = 0x0A
    /// 0x0B SIO_SET_BITMODE: wValue (mode << 8) | direction mask (``FTDIBitMode``).
    case setBitMode = 0x0B
    /// 0x0C SIO_READ_PINS (IN, 1 octet: the ADBUS levels).
    case readPins = 0x0C

    /// The wIndex of interface A, the FT232H's only interface (libftdi and the kernel's `INTERFACE_A = 1`).
    public static let interfaceA: UInt16 = 1

    /// The name libftdi gives the request, for example `SIO_SET_BITMODE`.
    public var description: String {
        switch self {
        case .reset: "SIO_RESET"
        case .setModemControl: "SIO_SET_MODEM_CTRL"
        case .setFlowControl: "SIO_SET_FLOW_CTRL"
        case .setBaudRate: "SIO_SET_BAUDRATE"
        case .setData: "SIO_SET_DATA"
        case .pollModemStatus: "SIO_POLL_MODEM_STATUS"
        case .setEventCharacter: "SIO_SET_EVENT_CHAR"
        case .setErrorCharacter: "SIO_SET_ERROR_CHAR"
        case .setLatencyTimer: "SIO_SET_LATENCY_TIMER"
        case .getLatencyTimer: "SIO_GET_LATENCY_TIMER"
        case .setBitMode: "SIO_SET_BITMODE"
        case .readPins: "SIO_READ_PINS"
        }
    }
}
