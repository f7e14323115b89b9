import UWBCore

/// The decoding of ACC_MEM octets into complex samples (UM §7.2.38): each sample is 4 octets,
/// the real part's low and high octet, then the imaginary part's, each a signed 16-bit integer.
enum DW1000AccumulatorSamples {
    /// The samples in `octets` (the dummy octet already dropped); a trailing partial sample is
    /// ignored.
    static func decode(_ octets: ArraySlice<UInt8>) -> [ImpulseResponseSample] {
        let perSample = DW1000Constants.accumulatorOctetsPerSample
        let start = octets.startIndex
        return (0..<(octets.count / perSample)).map { index in
            let base = start + index * perSample
            return ImpulseResponseSample(
                real: Int32(signed16(octets[base], octets[base + 1])),
                imaginary: Int32(signed16(octets[base + 2], octets[base + 3])))
        }
    }

    /// The signed 16-bit integer whose low octet is `low` and high octet `high`.
    private static func signed16(_ low: UInt8, _ high: UInt8) -> Int16 {
        Int16(bitPattern: UInt16(low) | UInt16(high) << 8)
    }
}
