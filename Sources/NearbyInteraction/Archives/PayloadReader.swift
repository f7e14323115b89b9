/// Reads the little-endian binary payloads that Nearby Interaction objects archive, throwing
/// ``NIArchiveError/truncated(field:needed:present:)`` naming the field when the octets run out.
struct PayloadReader {
    /// The octets not read yet.
    private var remaining: ArraySlice<UInt8>

    /// Starts reading at the beginning of `bytes`.
    init(_ bytes: [UInt8]) {
        remaining = bytes[...]
    }

    /// Reads one octet.
    mutating func readOctet(_ field: String) throws(NIArchiveError) -> UInt8 {
        guard let octet = remaining.first else { throw .truncated(field: field, needed: 1, present: 0) }
        remaining = remaining.dropFirst()
        return octet
    }

    /// Reads an unsigned integer stored low octet first.
    mutating func readLittleEndian<Value: FixedWidthInteger & UnsignedInteger>(
        _: Value.Type, _ field: String
    ) throws(NIArchiveError) -> Value {
        let octets = try read(count: Value.bitWidth / 8, field)
        var value: Value = 0
        for (index, octet) in octets.enumerated() {
            value |= Value(octet) << (8 * index)
        }
        return value
    }

    /// Reads an IEEE 754 single-precision value stored low octet first.
    mutating func readFloat(_ field: String) throws(NIArchiveError) -> Float {
        Float(bitPattern: try readLittleEndian(UInt32.self, field))
    }

    /// Reads `count` octets.
    mutating func read(count: Int, _ field: String) throws(NIArchiveError) -> [UInt8] {
        guard count >= 0, remaining.count >= count else {
            throw .truncated(field: field, needed: count, present: remaining.count)
        }
        let octets = Array(remaining.prefix(count))
        remaining = remaining.dropFirst(count)
        return octets
    }

    /// Reads a 16-bit length and then that many octets.
    mutating func readLengthPrefixed(_ field: String) throws(NIArchiveError) -> [UInt8] {
        let length = try readLittleEndian(UInt16.self, field + " length")
        return try read(count: Int(length), field)
    }

    /// Checks that an octet holding only reserved bits is zero.
    mutating func readReserved(_ field: String) throws(NIArchiveError) {
        let octet = try readOctet(field)
        guard octet == 0 else { throw .reservedBitsSet(field: field, value: octet) }
    }

    /// Checks that every octet has been read.
    func finish() throws(NIArchiveError) {
        guard remaining.isEmpty else { throw .trailingBytes(count: remaining.count) }
    }
}
