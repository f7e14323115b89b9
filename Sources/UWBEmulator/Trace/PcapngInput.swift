/// Bounds-checked reads of unsigned integers from pcapng input in one section's byte order.
///
/// Offsets are from the start of the whole input, so that errors can name them. A pcapng
/// section is entirely in the byte order of the host that wrote it, which its Section Header
/// Block's byte-order magic reveals (draft-ietf-opsawg-pcapng §4.1).
struct PcapngInput {
    /// The whole input.
    let bytes: [UInt8]
    /// Whether the current section's multi-octet fields are most significant octet first.
    var isBigEndian = false

    /// The 16-bit field at `offset`.
    ///
    /// - Throws: ``TraceError/truncated(offset:needed:)`` if the input ends before it does.
    func uint16(at offset: Int) throws(TraceError) -> UInt16 {
        UInt16(truncatingIfNeeded: try unsigned(at: offset, octets: 2))
    }

    /// The 32-bit field at `offset`.
    ///
    /// - Throws: ``TraceError/truncated(offset:needed:)`` if the input ends before it does.
    func uint32(at offset: Int) throws(TraceError) -> UInt32 {
        UInt32(truncatingIfNeeded: try unsigned(at: offset, octets: 4))
    }

    /// Checks that `count` octets are present from `offset` on.
    ///
    /// - Throws: ``TraceError/truncated(offset:needed:)`` naming `offset` and the missing count.
    func require(_ count: Int, at offset: Int) throws(TraceError) {
        let available = bytes.count - offset
        guard available >= count else {
            throw .truncated(offset: offset, needed: count - max(available, 0))
        }
    }

    /// The `octets`-octet unsigned field at `offset` in the section's byte order.
    private func unsigned(at offset: Int, octets: Int) throws(TraceError) -> UInt64 {
        try require(octets, at: offset)
        var value: UInt64 = 0
        for index in 0..<octets {
            let octet = UInt64(bytes[offset + index])
            value |= isBigEndian ? octet << (8 * (octets - 1 - index)) : octet << (8 * index)
        }
        return value
    }
}
