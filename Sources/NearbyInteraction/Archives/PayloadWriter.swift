/// Builds the little-endian binary payloads that Nearby Interaction objects archive.
struct PayloadWriter {
    /// The octets written so far.
    private(set) var bytes: [UInt8] = []

    /// Appends one octet.
    mutating func append(_ octet: UInt8) {
        bytes.append(octet)
    }

    /// Appends `value` low octet first.
    mutating func appendLittleEndian<Value: FixedWidthInteger & UnsignedInteger>(_ value: Value) {
        for shift in stride(from: 0, to: Value.bitWidth, by: 8) {
            bytes.append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }

    /// Appends the IEEE 754 bit pattern of `value`, low octet first.
    mutating func appendFloat(_ value: Float) {
        appendLittleEndian(value.bitPattern)
    }

    /// Appends `octets` as they are.
    mutating func append(contentsOf octets: some Sequence<UInt8>) {
        bytes.append(contentsOf: octets)
    }

    /// Appends a 16-bit length followed by `octets`. The callers' blocks are far shorter than 65 535
    /// octets; a longer one is cut at that length (and then fails to decode).
    mutating func appendLengthPrefixed(_ octets: [UInt8]) {
        let length = UInt16(clamping: octets.count)
        appendLittleEndian(length)
        bytes.append(contentsOf: octets.prefix(Int(length)))
    }
}
