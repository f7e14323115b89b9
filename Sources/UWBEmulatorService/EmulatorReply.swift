import UWBEmulator

/// What the emulator service answers (``EmulatorWire``).
public enum EmulatorReply: Hashable, Sendable {
    /// Attached, and the client's first turn: the service's wire version, the device's board id
    /// and the world's virtual time.
    case welcome(version: UInt16, board: String, now: SimulationTime)
    /// A transaction's octets read (none for a write).
    case data([UInt8])
    /// The octets each transaction of a batch read, in order.
    case batch([[UInt8]])
    /// The interrupt line's level.
    case level(Bool)
    /// A reset is done.
    case done
    /// The client's turn again, at virtual time `now`: the interrupt lines of its chips (bit n for
    /// chip n, set when asserted).
    case woke(now: SimulationTime, interrupts: UInt8)
    /// The room as an observer sees it, answering ``EmulatorRequest/observe(version:)``.
    case snapshot(EmulatorSnapshot)
    /// A refusal; the service closes the connection after it.
    case error(String)

    /// The message octets (type and body).
    public var encoded: [UInt8] {
        switch self {
        case .welcome(let version, let board, let now):
            let id = Array(board.utf8.prefix(255))
            return [0x81] + EmulatorWire.little(version) + [UInt8(id.count)] + id + EmulatorWire.little(EmulatorWire.encode(now))
        case .data(let octets):
            return [0x82] + EmulatorWire.little(UInt16(truncatingIfNeeded: octets.count)) + octets
        case .batch(let answers):
            return [0x86, UInt8(truncatingIfNeeded: answers.count)]
                + answers.flatMap { EmulatorWire.little(UInt16(truncatingIfNeeded: $0.count)) + $0 }
        case .level(let high):
            return [0x83, high ? 1 : 0]
        case .done:
            return [0x84]
        case .woke(let now, let interrupts):
            return [0x85] + EmulatorWire.little(EmulatorWire.encode(now)) + [interrupts]
        case .snapshot(let snapshot):
            return [0x87] + snapshot.wireBody
        case .error(let message):
            let text = Array(message.utf8.prefix(1000))
            return [0xEE] + EmulatorWire.little(UInt16(text.count)) + text
        }
    }

    /// Decodes a reply.
    ///
    /// - Throws: ``EmulatorServiceError/malformed(_:)`` saying what is wrong.
    public init(decoding octets: [UInt8]) throws(EmulatorServiceError) {
        var reader = WireReader(octets)
        switch try reader.octet("message type") {
        case 0x81:
            let version = try reader.uint16("version")
            let id = try reader.octets(count: Int(try reader.octet("board id length")), "board id")
            guard let now = try EmulatorWire.decodeTime(try reader.uint64("time"), "time") else {
                throw .malformed("WELCOME without a time")
            }
            self = .welcome(version: version, board: String(decoding: id, as: UTF8.self), now: now)
        case 0x82:
            self = .data(try reader.octets(count: Int(try reader.uint16("data length")), "data"))
        case 0x86:
            var answers: [[UInt8]] = []
            for _ in 0..<Int(try reader.octet("answer count")) {
                answers.append(try reader.octets(count: Int(try reader.uint16("answer length")), "answer"))
            }
            self = .batch(answers)
        case 0x83:
            let level = try reader.octet("level")
            guard level <= 1 else { throw .malformed("IRQ level \(level) (0 or 1)") }
            self = .level(level == 1)
        case 0x84:
            self = .done
        case 0x85:
            guard let now = try EmulatorWire.decodeTime(try reader.uint64("time"), "time") else {
                throw .malformed("WOKE without a time")
            }
            self = .woke(now: now, interrupts: try reader.octet("interrupt lines"))
        case 0x87:
            self = .snapshot(try EmulatorSnapshot(wireBody: &reader))
        case 0xEE:
            let text = try reader.octets(count: Int(try reader.uint16("message length")), "message")
            self = .error(String(decoding: text, as: UTF8.self))
        case let type:
            throw .malformed("reply type 0x\(String(type, radix: 16))")
        }
        try reader.finish()
    }
}
