/// Reads little-endian fields from the front of a byte buffer, as MAC frames and
/// (through the `UCI` module, in the same package) UCI payloads lay them out.
package struct ByteReader {
    /// The bytes not read yet; its indices are those of the original array.
    private var remaining: ArraySlice<UInt8>

    /// Starts reading at the beginning of `bytes`.
    package init(_ bytes: ArraySlice<UInt8>) {
        remaining = bytes
    }

    /// The index, in the original array, of the next octet to read.
    package var position: Int { remaining.startIndex }

    /// How many octets are left.
    package var remainingCount: Int { remaining.count }

    /// Reads an unsigned integer transmitted low octet first, or returns `nil` (reading
    /// nothing) when fewer octets than its width are left.
    package mutating func readIfPresent<Value: FixedWidthInteger & UnsignedInteger>(_: Value.Type) -> Value? {
        guard let octets = takeIfPresent(Value.bitWidth / 8) else { return nil }
        var value: Value = 0
        for (index, octet) in octets.enumerated() {
            value |= Value(octet) << (8 * index)
        }
        return value
    }

    /// Takes the next `count` octets, or returns `nil` (taking nothing) when fewer are left.
    package mutating func takeIfPresent(_ count: Int) -> ArraySlice<UInt8>? {
        guard count >= 0, remaining.count >= count else { return nil }
        let octets = remaining.prefix(count)
        remaining = remaining.dropFirst(count)
        return octets
    }

    /// Reads an unsigned integer transmitted low octet first.
    mutating func read<Value: FixedWidthInteger & UnsignedInteger>(
        _: Value.Type, for field: MACFrameField
    ) throws(MACFrameError) -> Value {
        guard let value = readIfPresent(Value.self) else {
            throw .truncated(field: field, needed: Value.bitWidth / 8, present: remaining.count)
        }
        return value
    }

    /// The octets not read yet.
    package var unreadBytes: [UInt8] { Array(remaining) }
}
