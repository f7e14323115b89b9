/// One MPSSE command and its operands, encoded as the chip reads them from the bulk OUT stream.
///
/// Data lengths are sent as a 16-bit little-endian "length − 1", so one command shifts 1 to
/// 65536 octets (`Docs/reference/ftdi-mpsse.md` §4.1); ``writes(_:)`` and ``reads(count:)`` split longer
/// transfers into several commands.
public enum MPSSECommand: Hashable, Sendable {
    /// 0x11: shift these octets out on MOSI (SPI mode 0). Holds 1 to ``maximumDataLength`` octets.
    case writeBytes([UInt8])
    /// 0x20: shift this many octets in from MISO (SPI mode 0), 1 to ``maximumDataLength``.
    case readBytes(count: Int)
    /// 0x80 / 0x82: set a bank's output levels and directions (1 = output).
    case setPins(MPSSEPinBank, value: UInt8, direction: UInt8)
    /// 0x81 / 0x83: read a bank's pin levels (one octet back).
    case readPins(MPSSEPinBank)
    /// 0x86: set the clock divisor.
    case setClockDivisor(UInt16)
    /// 0x8A: 60 MHz base clock.
    case divideByFiveOff
    /// 0x85: internal loopback off.
    case loopbackOff
    /// 0x8D: three-phase clocking off.
    case threePhaseClockingOff
    /// 0x97: adaptive clocking off.
    case adaptiveClockingOff
    /// 0x87: flush the IN buffer to the host now.
    case sendImmediate
    /// An undefined opcode sent on purpose (0xAA, 0xAB) to synchronise; answered `FA opcode`.
    case badCommand(UInt8)

    /// The most octets one data command shifts: 65536 (length − 1 = 0xFFFF).
    public static let maximumDataLength = 65_536

    /// The write commands that shift `octets` out, split at ``maximumDataLength``; none for no octets.
    public static func writes(_ octets: [UInt8]) -> [MPSSECommand] {
        stride(from: 0, to: octets.count, by: maximumDataLength).map { start in
            .writeBytes(Array(octets[start..<min(octets.count, start + maximumDataLength)]))
        }
    }

    /// The read commands that shift `count` octets in, split at ``maximumDataLength``; none for zero.
    public static func reads(count: Int) -> [MPSSECommand] {
        stride(from: 0, to: max(0, count), by: maximumDataLength).map { start in
            .readBytes(count: min(maximumDataLength, count - start))
        }
    }

    /// How many octets the chip sends back for this command.
    public var responseLength: Int {
        switch self {
        case .readBytes(let count): count
        case .readPins: 1
        case .badCommand: 2
        default: 0
        }
    }

    /// Appends the command's octets to `stream`.
    public func encode(into stream: inout [UInt8]) {
        switch self {
        case .writeBytes(let octets):
            stream.append(MPSSEOpcode.writeBytesFallingEdgeMSBFirst)
            Self.appendLength(octets.count, to: &stream)
            stream.append(contentsOf: octets)
        case .readBytes(let count):
            stream.append(MPSSEOpcode.readBytesRisingEdgeMSBFirst)
            Self.appendLength(count, to: &stream)
        case .setPins(let bank, let value, let direction):
            stream.append(contentsOf: [bank.setOpcode, value, direction])
        case .readPins(let bank):
            stream.append(bank.readOpcode)
        case .setClockDivisor(let divisor):
            stream.append(contentsOf: [MPSSEOpcode.setClockDivisor, UInt8(divisor & 0xFF), UInt8(divisor >> 8)])
        case .divideByFiveOff:
            stream.append(MPSSEOpcode.divideByFiveOff)
        case .loopbackOff:
            stream.append(MPSSEOpcode.loopbackOff)
        case .threePhaseClockingOff:
            stream.append(MPSSEOpcode.threePhaseClockingOff)
        case .adaptiveClockingOff:
            stream.append(MPSSEOpcode.adaptiveClockingOff)
        case .sendImmediate:
            stream.append(MPSSEOpcode.sendImmediate)
        case .badCommand(let opcode):
            stream.append(opcode)
        }
    }

    /// The command's octets.
    public var encoded: [UInt8] {
        var stream: [UInt8] = []
        encode(into: &stream)
        return stream
    }

    /// The octets of `commands` in order.
    public static func encode(_ commands: [MPSSECommand]) -> [UInt8] {
        var stream: [UInt8] = []
        for command in commands {
            command.encode(into: &stream)
        }
        return stream
    }

    /// Appends `count − 1` as 16 bits, low octet first; `count` is 1...65536 by construction.
    private static func appendLength(_ count: Int, to stream: inout [UInt8]) {
        let encoded = UInt16(truncatingIfNeeded: max(1, min(count, maximumDataLength)) - 1)
        stream.append(UInt8(encoded & 0xFF))
        stream.append(UInt8(encoded >> 8))
    }
}
