/// Assembles one pcapng block body (of a swift-uwb trace of the air, or of UCI traffic) in little-endian byte order, with the spec's 32-bit padding.
///
/// The block type and both copies of the block total length are added by ``block(type:)``, so
/// callers only append the body: fixed fields, packet data and options
/// (draft-ietf-opsawg-pcapng §3.1, §3.5).
package struct PcapngBlockBuilder {
    /// An empty body.
    package init() {}

    /// The body appended so far.
    package private(set) var body: [UInt8] = []

    /// Appends a 16-bit value, low octet first.
    package mutating func append(_ value: UInt16) {
        appendLittleEndian(UInt64(value), octets: 2)
    }

    /// Appends a 32-bit value, low octet first.
    package mutating func append(_ value: UInt32) {
        appendLittleEndian(UInt64(value), octets: 4)
    }

    /// Appends a 64-bit value, low octet first.
    package mutating func append(_ value: UInt64) {
        appendLittleEndian(value, octets: 8)
    }

    /// Appends `bytes` followed by zero octets up to the next 32-bit boundary.
    package mutating func appendPadded(_ bytes: [UInt8]) {
        body += bytes
        body += [UInt8](repeating: 0, count: PcapngFormat.padding(for: bytes.count))
    }

    /// Appends one option: code, value length, value, padding (§3.5). The value must be at most
    /// ``PcapngFormat/maximumOptionLength`` octets; callers check.
    package mutating func appendOption(code: UInt16, value: [UInt8]) {
        append(code)
        append(UInt16(truncatingIfNeeded: value.count))
        appendPadded(value)
    }

    /// Appends the `opt_endofopt` option that closes an option list (§3.5).
    package mutating func appendEndOfOptions() {
        append(PcapngFormat.endOfOptions)
        append(UInt16(0))
    }

    /// The whole block: type, total length, body, total length (§3.1).
    ///
    /// Returns `nil` when the block would be longer than a 32-bit length can say.
    package func block(type: UInt32) -> [UInt8]? {
        guard let totalLength = UInt32(exactly: body.count + PcapngFormat.blockOverhead) else {
            return nil
        }
        var block = PcapngBlockBuilder()
        block.append(type)
        block.append(totalLength)
        block.body += body
        block.append(totalLength)
        return block.body
    }

    /// Appends the low `octets` octets of `value`, least significant first.
    private mutating func appendLittleEndian(_ value: UInt64, octets: Int) {
        for index in 0..<octets {
            body.append(UInt8(truncatingIfNeeded: value >> (8 * index)))
        }
    }
}
