import UWBCore

/// Reads a UCI payload's fields in order, little endian, throwing `UCIError` values that name
/// the message and the field. Built on UWBCore's `ByteReader`.
struct UCIPayloadReader {
    /// The message being decoded, for error messages (e.g. `SESSION_INIT_RSP`).
    let message: String
    private var reader: ByteReader

    /// Starts at the beginning of `payload`.
    init(_ payload: [UInt8], message: String) {
        self.message = message
        reader = ByteReader(payload[...])
    }

    /// How many octets are left.
    var remainingCount: Int { reader.remainingCount }

    /// An unsigned little-endian integer.
    mutating func read<Value: FixedWidthInteger & UnsignedInteger>(_: Value.Type, _ field: String) throws(UCIError) -> Value {
        guard let value = reader.readIfPresent(Value.self) else {
            throw .truncatedField(message: message, field: field, needed: Value.bitWidth / 8, present: remainingCount)
        }
        return value
    }

    /// A one-octet code.
    mutating func read<Code: UCICode>(_: Code.Type, _ field: String) throws(UCIError) -> Code {
        Code(rawValue: try read(UInt8.self, field))
    }

    /// A measurement's MAC address: 8 octets when `extended`, 2 otherwise.
    mutating func macAddress(extended: Bool) throws(UCIError) -> UInt64 {
        extended ? try read(UInt64.self, "MAC address") : UInt64(try read(UInt16.self, "MAC address"))
    }

    /// `count` octets.
    mutating func octets(_ count: Int, _ field: String) throws(UCIError) -> [UInt8] {
        guard let octets = reader.takeIfPresent(count) else {
            throw .truncatedField(message: message, field: field, needed: count, present: remainingCount)
        }
        return Array(octets)
    }

    /// A count octet then that many elements read by `element`.
    mutating func list<Element>(
        _ field: String, _ element: (inout UCIPayloadReader) throws(UCIError) -> Element
    ) throws(UCIError) -> [Element] {
        let count = try read(UInt8.self, "number of \(field)")
        var elements: [Element] = []
        for _ in 0..<count {
            elements.append(try element(&self))
        }
        return elements
    }

    /// The octets not read yet, all of them.
    mutating func rest() -> [UInt8] {
        let octets = reader.unreadBytes
        _ = reader.takeIfPresent(octets.count)
        return octets
    }

    /// Throws when octets are left after the last field.
    func finish() throws(UCIError) {
        guard remainingCount == 0 else { throw .unexpectedOctets(message: message, count: remainingCount) }
    }
}

extension UCIPayloadReader {
    /// Decodes all of `payload` with `body`, which must read every octet.
    static func decode<Value>(
        _ payload: [UInt8], message: String, _ body: (inout UCIPayloadReader) throws(UCIError) -> Value
    ) throws(UCIError) -> Value {
        var reader = UCIPayloadReader(payload, message: message)
        let value = try body(&reader)
        try reader.finish()
        return value
    }
}
