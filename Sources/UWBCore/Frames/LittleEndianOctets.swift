extension Array where Element == UInt8 {
    /// Appends `value` low octet first, as IEEE 802.15.4 transmits multi-octet fields.
    package mutating func appendLittleEndian<Value: FixedWidthInteger & UnsignedInteger>(_ value: Value) {
        for shift in stride(from: 0, to: Value.bitWidth, by: 8) {
            append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }

    /// Appends a short address as 2 octets or an extended address as 8, low octet first.
    mutating func append(_ address: MACAddress) {
        switch address {
        case .short(let value): appendLittleEndian(value)
        case .extended(let value): appendLittleEndian(value)
        }
    }
}
