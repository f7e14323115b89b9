/// Reads little-endian fields from the front of a byte slice, throwing a
/// ``MACFrameError/truncated(field:needed:present:)`` that names the field when the bytes run out.
struct ByteReader {
    /// The bytes not read yet; its indices are those of the original array.
    private var remaining: ArraySlice<UInt8>

    /// Starts reading at the beginning of `bytes`.
    init(_ bytes: ArraySlice<UInt8>) {
        remaining = bytes
    }

    /// The index, in the original array, of the next octet to read.
    var position: Int { remaining.startIndex }

    /// How many octets are left.
    var remainingCount: Int { remaining.count }

    /// Reads an unsigned integer transmitted low octet first.
    mutating func read<Value: FixedWidthInteger & UnsignedInteger>(
        _: Value.Type, for field: MACFrameField
    ) throws(MACFrameError) -> Value {
        let length = Value.bitWidth / 8
        guard remaining.count >= length else {
            throw .truncated(field: field, needed: length, present: remaining.count)
        }
        var value: Value = 0
        for (index, octet) in remaining.prefix(length).enumerated() {
            value |= Value(octet) << (8 * index)
        }
        remaining = remaining.dropFirst(length)
        return value
    }

    /// The octets not read yet.
    var unreadBytes: [UInt8] { Array(remaining) }
}
