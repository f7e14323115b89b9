import FT232H

/// The MPSSE command processor of an FT232H, byte for byte: it turns the bulk OUT stream into pin
/// changes and SPI traffic on an ``MPSSEPinsAndSPI`` and into the octets the chip sends back.
///
/// The stream is parsed across writes (hosts split writes without regard to command boundaries,
/// `Docs/reference/ftdi-mpsse.md` §4.2), so a command cut in two waits for its rest. It is free of USB: the IN
/// packet framing, vendor requests and unplugging belong to ``EmulatedFT232H``, and a USB device
/// emulator (umockdev) can wrap the same interpreter.
///
/// Carried out: 0x11 and 0x20 (SPI mode 0 data), 0x80–0x83 (pins), 0x84/0x85 (loopback), 0x86
/// (divisor), 0x87 (send immediate), 0x8A/0x8B (divide-by-5), 0x8C/0x8D (three-phase), 0x96/0x97
/// (adaptive clocking). Other opcodes with bit 7 set are answered `FA opcode` (FTDI KB "Bad
/// Commands"); others below 0x80 throw ``MPSSEEmulationError/unsupportedOpcode(_:offset:)``.
public struct MPSSEInterpreter: Sendable {
    /// The clock divisor last set with 0x86 (0 until then).
    public private(set) var clockDivisor: UInt16 = 0
    /// Every divisor set with 0x86, in order.
    public private(set) var clockDivisorsSet: [UInt16] = []
    /// Whether divide-by-5 is on (0x8B) or off (0x8A); on until 0x8A **[U: undocumented after reset]**.
    public private(set) var divideByFive = true
    /// Whether the internal loopback is on (0x84).
    public private(set) var loopback = false
    /// Whether three-phase clocking is on (0x8C).
    public private(set) var threePhaseClocking = false
    /// Whether 0x87 was seen since the last ``takeFlushRequest()``.
    public private(set) var flushRequested = false

    /// A command cut off at the end of the last write, waiting for its remaining octets.
    private var pending: [UInt8] = []

    /// A processor in its reset state.
    public init() {}

    /// The SCK the divisor and divide-by-5 state give: base / ((1 + divisor) × 2).
    public var clockHertz: Double {
        (divideByFive ? 12_000_000 : 60_000_000) / (2 * (1 + Double(clockDivisor)))
    }

    /// Forgets a half-received command, as a purge of the OUT buffer does.
    public mutating func purge() {
        pending = []
    }

    /// Reports and clears whether 0x87 was seen.
    public mutating func takeFlushRequest() -> Bool {
        defer { flushRequested = false }
        return flushRequested
    }

    /// Carries out the complete commands of `octets` (after any held-back part of the last write)
    /// and returns what the chip sends back.
    ///
    /// - Throws: ``MPSSEEmulationError`` for an opcode it does not carry out (the rest of the write
    ///   is dropped) or what the pins and chips refuse.
    public mutating func execute(_ octets: [UInt8], on target: some MPSSEPinsAndSPI) throws(MPSSEEmulationError) -> [UInt8] {
        let stream = pending + octets
        pending = []
        var response: [UInt8] = []
        var index = 0
        while index < stream.count {
            let opcode = stream[index]
            let needed = Self.commandLength(opcode: opcode, at: index, in: stream)
            guard let length = needed else {
                pending = Array(stream[index...])
                break
            }
            try run(Array(stream[index..<(index + length)]), offset: index - (stream.count - octets.count), on: target, into: &response)
            index += length
        }
        return response
    }

    /// The full length of the command starting at `index`, or `nil` if the stream ends before it does.
    private static func commandLength(opcode: UInt8, at index: Int, in stream: [UInt8]) -> Int? {
        let available = stream.count - index
        let length: Int
        switch opcode {
        case MPSSEOpcode.writeBytesFallingEdgeMSBFirst:
            guard available >= 3 else { return nil }
            length = 3 + dataLength(stream[index + 1], stream[index + 2])
        case MPSSEOpcode.readBytesRisingEdgeMSBFirst, MPSSEOpcode.setLowBits, MPSSEOpcode.setHighBits,
             MPSSEOpcode.setClockDivisor:
            length = 3
        default:
            length = 1
        }
        return available >= length ? length : nil
    }

    /// A data length from its "length − 1" little-endian operand.
    private static func dataLength(_ low: UInt8, _ high: UInt8) -> Int {
        Int(low) + Int(high) << 8 + 1
    }

    private mutating func run(
        _ command: [UInt8], offset: Int, on target: some MPSSEPinsAndSPI, into response: inout [UInt8]
    ) throws(MPSSEEmulationError) {
        let opcode = command[0]
        switch opcode {
        case MPSSEOpcode.writeBytesFallingEdgeMSBFirst:
            try target.shiftOut(Array(command[3...]))
        case MPSSEOpcode.readBytesRisingEdgeMSBFirst:
            let count = Self.dataLength(command[1], command[2])
            if loopback {
                response += [UInt8](repeating: 0, count: count)
            } else {
                let octets = try target.shiftIn(count: count)
                guard octets.count == count else {
                    throw .unsupported("the SPI side answered \(octets.count) octets for a read of \(count)")
                }
                response += octets
            }
        case MPSSEOpcode.setLowBits:
            try target.setPins(.low, value: command[1], direction: command[2])
        case MPSSEOpcode.setHighBits:
            try target.setPins(.high, value: command[1], direction: command[2])
        case MPSSEOpcode.readLowBits:
            response.append(target.readPins(.low))
        case MPSSEOpcode.readHighBits:
            response.append(target.readPins(.high))
        case MPSSEOpcode.loopbackOn, MPSSEOpcode.loopbackOff:
            loopback = opcode == MPSSEOpcode.loopbackOn
        case MPSSEOpcode.setClockDivisor:
            clockDivisor = UInt16(command[1]) | UInt16(command[2]) << 8
            clockDivisorsSet.append(clockDivisor)
        case MPSSEOpcode.sendImmediate:
            flushRequested = true
        case MPSSEOpcode.divideByFiveOff, MPSSEOpcode.divideByFiveOn:
            divideByFive = opcode == MPSSEOpcode.divideByFiveOn
        case MPSSEOpcode.threePhaseClockingOn, MPSSEOpcode.threePhaseClockingOff:
            threePhaseClocking = opcode == MPSSEOpcode.threePhaseClockingOn
        case MPSSEOpcode.adaptiveClockingOn, MPSSEOpcode.adaptiveClockingOff:
            break
        case let undefined where undefined & 0x80 != 0 && !Self.definedHighOpcodes.contains(undefined):
            response += [MPSSEOpcode.badCommandMarker, undefined]
        default:
            throw .unsupportedOpcode(opcode, offset: offset)
        }
    }

    /// The opcodes ≥ 0x80 that AN_108 defines (`Docs/reference/ftdi-mpsse.md` §4.2): not answered `FA xx`,
    /// though the emulator carries out only some of them.
    private static let definedHighOpcodes: Set<UInt8> = Set(Array(0x80...0x8F) + [0x94, 0x95, 0x96, 0x97, 0x9C, 0x9D, 0x9E])
}
