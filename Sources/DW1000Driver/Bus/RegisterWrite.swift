/// The octets to write into one register, starting at an octet offset inside it.
struct RegisterWrite: Hashable, Sendable {
    /// The register written.
    let register: DW1000Register
    /// The octet offset inside the register where the write starts.
    let offset: Int
    /// The octets, low octet first.
    let octets: [UInt8]

    /// Writes the low `count` octets of `value` (the whole register by default), low octet first.
    init(_ register: DW1000Register, value: UInt64, offset: Int = 0, count: Int? = nil) {
        self.register = register
        self.offset = offset
        self.octets = littleEndianOctets(value, count: count ?? register.length - offset)
    }

    /// Writes the given octets.
    init(_ register: DW1000Register, octets: [UInt8], offset: Int = 0) {
        self.register = register
        self.offset = offset
        self.octets = octets
    }
}

/// The low `count` octets of `value`, low octet first (the DW1000's order on SPI).
func littleEndianOctets(_ value: UInt64, count: Int) -> [UInt8] {
    (0..<count).map { $0 < 8 ? UInt8(truncatingIfNeeded: value >> (8 * $0)) : 0 }
}

/// The value of the `count` octets (at most 8) of `octets` from index `start`, low octet first;
/// octets past the end of `octets` count as absent. By index rather than through slices, which
/// would retain the array for each field a reception decodes; inlined, so that each caller's
/// constant start and count leave a few loads and shifts (the shift, under 64, needs no check).
@inline(__always)
func littleEndianValue(_ octets: [UInt8], from start: Int = 0, count: Int = 8) -> UInt64 {
    var value: UInt64 = 0
    for index in start..<max(start, min(start + min(count, 8), octets.count)) {
        value |= UInt64(octets[index]) &<< (8 * (index - start))
    }
    return value
}
