/// Reads the fields of a message between ranks (a ``RankMessage``, or `uwb`'s lines for the first rank to
/// print) in the order ``RankMessageWriter`` put them, naming the one that is missing or out of range.
package struct RankMessageReader {
    private let message: [UInt8]
    private var position = 0

    package init(_ message: [UInt8]) {
        self.message = message
    }

    /// One octet.
    package mutating func octet(_ field: String) throws(EmulationError) -> UInt8 {
        guard position < message.count else { throw .rankMessage("a message that ends before its \(field)") }
        defer { position += 1 }
        return message[position]
    }

    /// A 64-bit integer.
    package mutating func integer(_ field: String) throws(EmulationError) -> Int64 {
        guard message.count - position >= 8 else { throw .rankMessage("a message that ends before its \(field)") }
        var bits: UInt64 = 0
        for index in 0..<8 {
            bits |= UInt64(message[position + index]) << (8 * index)
        }
        position += 8
        return Int64(bitPattern: bits)
    }

    /// A binary64 number.
    package mutating func real(_ field: String) throws(EmulationError) -> Double {
        Double(bitPattern: UInt64(bitPattern: try integer(field)))
    }

    /// A yes or no.
    package mutating func flag(_ field: String) throws(EmulationError) -> Bool {
        switch try octet(field) {
        case 0: false
        case 1: true
        case let other: throw .rankMessage("a \(field) flag of \(other)")
        }
    }

    /// Octets after their count.
    package mutating func octets(_ field: String) throws(EmulationError) -> [UInt8] {
        let count = try integer(field)
        guard count >= 0, count <= message.count - position else {
            throw .rankMessage("a \(field) of \(count) octets in a message with \(message.count - position) left")
        }
        defer { position += Int(count) }
        return Array(message[position..<(position + Int(count))])
    }

    /// A value made from an integer, such as an enumeration's raw value.
    package mutating func value<Value>(_ field: String, _ make: (Int) -> Value?) throws(EmulationError) -> Value {
        let raw = try integer(field)
        guard let value = make(Int(raw)) else { throw .rankMessage("a \(field) of \(raw)") }
        return value
    }

    /// A value made from text, such as an enumeration's raw value.
    package mutating func text<Value>(_ field: String, _ make: (String) -> Value?) throws(EmulationError) -> Value {
        let octets = try octets(field)
        guard let value = make(String(decoding: octets, as: UTF8.self)) else {
            throw .rankMessage("a \(field) of \"\(String(decoding: octets, as: UTF8.self))\"")
        }
        return value
    }

    /// Checks that nothing follows the last field.
    package func finish() throws(EmulationError) {
        guard position == message.count else { throw .rankMessage("\(message.count - position) octets after a message's last field") }
    }
}
