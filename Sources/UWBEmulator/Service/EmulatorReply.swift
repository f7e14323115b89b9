/// What the emulator service answers (``EmulatorWire``).
public enum EmulatorReply: Hashable, Sendable {
    /// Attached: the service's wire version and the device's board id.
    case welcome(version: UInt16, board: String)
    /// A transaction's octets read (none for a write).
    case data([UInt8])
    /// The interrupt line's level.
    case level(Bool)
    /// A reset is done.
    case done
    /// A refusal; the service closes the connection after it.
    case error(String)

    /// The message octets (type and body).
    public var encoded: [UInt8] {
        switch self {
        case .welcome(let version, let board):
            let id = Array(board.utf8.prefix(255))
            return [0x81] + EmulatorRequest.little(version) + [UInt8(id.count)] + id
        case .data(let octets):
            return [0x82] + EmulatorRequest.little(UInt16(truncatingIfNeeded: octets.count)) + octets
        case .level(let high):
            return [0x83, high ? 1 : 0]
        case .done:
            return [0x84]
        case .error(let message):
            let text = Array(message.utf8.prefix(1000))
            return [0xEE] + EmulatorRequest.little(UInt16(text.count)) + text
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
            self = .welcome(version: version, board: String(decoding: id, as: UTF8.self))
        case 0x82:
            self = .data(try reader.octets(count: Int(try reader.uint16("data length")), "data"))
        case 0x83:
            let level = try reader.octet("level")
            guard level <= 1 else { throw .malformed("IRQ level \(level) (0 or 1)") }
            self = .level(level == 1)
        case 0x84:
            self = .done
        case 0xEE:
            let text = try reader.octets(count: Int(try reader.uint16("message length")), "message")
            self = .error(String(decoding: text, as: UTF8.self))
        case let type:
            throw .malformed("reply type 0x\(String(type, radix: 16))")
        }
        try reader.finish()
    }
}
