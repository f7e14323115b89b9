import UWBCore

/// The decoding of CIR memory octets into complex samples: each sample is 6 octets, a 24-bit real
/// part then a 24-bit imaginary part, low octet first; each part is "S S S S S S V17 … V0", 18 bits
/// of value under six sign bits (Qorvo API `dwt_readcir`).
enum DW3000AccumulatorSamples {
    /// The octets of one 24-bit part.
    private static let partOctets = 3

    /// The value bits of a part: bits 17:0 (0x3FFFF).
    private static let valueMask: UInt32 = (1 << UInt32(DW3000Constants.accumulatorValueBits)) - 1

    /// The sign bits of a part: bits 23:18 (0xFC0000).
    private static let signMask: UInt32 = 0xFF_FFFF & ~valueMask

    /// The samples in `octets` (the dummy octet already dropped); a trailing partial sample is
    /// ignored.
    static func decode(_ octets: ArraySlice<UInt8>) -> [ImpulseResponseSample] {
        let perSample = DW3000Constants.accumulatorOctetsPerSample
        let start = octets.startIndex
        return (0..<(octets.count / perSample)).map { index in
            let base = start + index * perSample
            return ImpulseResponseSample(
                real: part(octets[base], octets[base + 1], octets[base + 2]),
                imaginary: part(octets[base + partOctets], octets[base + partOctets + 1], octets[base + partOctets + 2]))
        }
    }

    /// The value of one part: negative when any of its sign bits is set, as the Qorvo API reads it
    /// (it tests `DWT_CIR_SIGN_24BIT_EXTEND_32BIT_MASK`), so −2¹⁸ … 2¹⁸ − 1.
    static func part(_ low: UInt8, _ middle: UInt8, _ high: UInt8) -> Int32 {
        let raw = UInt32(low) | UInt32(middle) << 8 | UInt32(high) << 16
        let value = Int32(raw & valueMask)
        return raw & signMask != 0 ? value - Int32(valueMask) - 1 : value
    }
}
