import UWBEmulator

/// Reads the fields of an emulator-service message in order, naming the field that is missing.
struct WireReader {
    private let octets: [UInt8]
    private var position = 0

    init(_ octets: [UInt8]) {
        self.octets = octets
    }

    mutating func octet(_ field: String) throws(EmulatorServiceError) -> UInt8 {
        try octets(count: 1, field)[0]
    }

    mutating func uint16(_ field: String) throws(EmulatorServiceError) -> UInt16 {
        UInt16(truncatingIfNeeded: try little(count: 2, field))
    }

    mutating func uint32(_ field: String) throws(EmulatorServiceError) -> UInt32 {
        UInt32(truncatingIfNeeded: try little(count: 4, field))
    }

    mutating func uint64(_ field: String) throws(EmulatorServiceError) -> UInt64 {
        try little(count: 8, field)
    }

    /// A binary64 field that must be a finite number.
    mutating func finite(_ field: String) throws(EmulatorServiceError) -> Double {
        let value = Double(bitPattern: try uint64(field))
        guard value.isFinite else { throw .malformed("a \(field) of \(value), not a finite number") }
        return value
    }

    mutating func octets(count: Int, _ field: String) throws(EmulatorServiceError) -> [UInt8] {
        guard count >= 0, position + count <= octets.count else {
            throw .malformed("the message ends before its \(field)")
        }
        defer { position += count }
        return Array(octets[position..<(position + count)])
    }

    func finish() throws(EmulatorServiceError) {
        guard position == octets.count else { throw .malformed("\(octets.count - position) octets after the last field") }
    }

    private mutating func little(count: Int, _ field: String) throws(EmulatorServiceError) -> UInt64 {
        try octets(count: count, field).enumerated().reduce(0) { $0 | UInt64($1.element) << (8 * $1.offset) }
    }
}
