import UWBCore

/// The emulator service's wire format, version 1 (`Docs/emulator-service.md`): each message is a
/// 32-bit little-endian length, then that many octets: a type octet and the body. Multi-octet
/// integers are little-endian.
///
/// | Type | Direction | Body |
/// |---|---|---|
/// | 0x01 HELLO | client → service | version (16), device name length (8), name (UTF-8) |
/// | 0x02 TRANSFER | client → service | chip (8), header length (8, 1–3), header, kind (8: 0 write, 1 read), length (16), data if writing |
/// | 0x03 IRQ | client → service | chip (8) |
/// | 0x04 RESET | client → service | chip (8) |
/// | 0x81 WELCOME | service → client | version (16), board id length (8), board id (UTF-8) |
/// | 0x82 DATA | service → client | length (16), octets read (none for a write) |
/// | 0x83 LEVEL | service → client | IRQ line (8: 0 low, 1 high) |
/// | 0x84 DONE | service → client | — |
/// | 0xEE ERROR | service → client | message length (16), message (UTF-8); the service then closes |
public enum EmulatorWire {
    /// The version this code speaks.
    public static let version: UInt16 = 1
    /// The largest message accepted: a full DW1000 buffer read with room to spare.
    public static let maximumLength = 4096

    /// Reads one message's octets (type and body) from `socket`.
    ///
    /// - Throws: ``EmulatorServiceError``: a lost connection, or a length out of range.
    public static func receive(from socket: UnixSocket) throws(EmulatorServiceError) -> [UInt8] {
        let prefix = try socket.read(count: 4)
        let length = prefix.enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        guard (1...maximumLength).contains(length) else {
            throw .malformed("a message of \(length) octets (1…\(maximumLength) allowed)")
        }
        return try socket.read(count: length)
    }

    /// Sends one message (type and body) on `socket`, with its length.
    ///
    /// - Throws: ``EmulatorServiceError/connectionLost(_:)``.
    public static func send(_ message: [UInt8], on socket: UnixSocket) throws(EmulatorServiceError) {
        let length = UInt32(message.count)
        try socket.write((0..<4).map { UInt8(truncatingIfNeeded: length >> (8 * $0)) } + message)
    }
}
