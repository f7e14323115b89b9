import UWBCore

/// Builds a UCI payload field by field, little endian (UWBCore's `appendLittleEndian`),
/// throwing `UCIError` when a list or value does not fit its length octet.
struct UCIPayloadWriter {
    /// The message being encoded, for error messages.
    let message: String
    /// The octets written so far.
    private(set) var octets: [UInt8] = []

    /// An empty payload of `message`.
    init(message: String) {
        self.message = message
    }

    /// An unsigned integer, low octet first.
    mutating func write<Value: FixedWidthInteger & UnsignedInteger>(_ value: Value) {
        octets.appendLittleEndian(value)
    }

    /// A measurement's MAC address: 8 octets when `extended`, 2 otherwise (a short one must fit in 16 bits).
    mutating func write(macAddress address: UInt64, extended: Bool) throws(UCIError) {
        if extended {
            write(address)
        } else {
            guard let short = UInt16(exactly: address) else {
                throw .invalidValue(message: message, field: "short MAC address", value: address)
            }
            write(short)
        }
    }

    /// A one-octet code.
    mutating func write(_ code: some UCICode) {
        octets.append(code.rawValue)
    }

    /// Raw octets, which must be exactly `size` long when a size is given.
    mutating func write(_ value: [UInt8], size: Int? = nil, _ field: String) throws(UCIError) {
        if let size, value.count != size {
            throw .invalidValue(message: message, field: "\(field) length", value: UInt64(value.count))
        }
        octets += value
    }

    /// A one-octet count then every element written by `element`.
    mutating func list<Element>(
        _ elements: [Element], _ field: String, _ element: (inout UCIPayloadWriter, Element) throws(UCIError) -> Void
    ) throws(UCIError) {
        try writeCount(elements.count, field)
        for value in elements {
            try element(&self, value)
        }
    }

    /// A one-octet length or count, checked to fit.
    mutating func writeCount(_ count: Int, _ field: String) throws(UCIError) {
        guard count <= Int(UInt8.max) else {
            throw .tooLong(message: message, field: field, count: count, maximum: Int(UInt8.max))
        }
        octets.append(UInt8(count))
    }
}

extension UCIPayloadWriter {
    /// The payload `body` writes.
    static func encode(message: String, _ body: (inout UCIPayloadWriter) throws(UCIError) -> Void) throws(UCIError) -> [UInt8] {
        var writer = UCIPayloadWriter(message: message)
        try body(&writer)
        return writer.octets
    }
}
