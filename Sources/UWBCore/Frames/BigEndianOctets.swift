extension Array where Element == UInt8 {
    /// Appends `value` high octet first, as FiRa's key derivation and the Android accessory data
    /// write multi-octet integers.
    package mutating func appendBigEndian<Value: FixedWidthInteger & UnsignedInteger>(_ value: Value) {
        for shift in stride(from: Value.bitWidth - 8, through: 0, by: -8) {
            append(UInt8(truncatingIfNeeded: value >> shift))
        }
    }
}

extension Collection where Element == UInt8 {
    /// The octets as an unsigned integer, the first the most significant (excess high octets
    /// are dropped).
    package func bigEndianValue<Value: FixedWidthInteger & UnsignedInteger>(as type: Value.Type = Value.self) -> Value {
        reduce(0) { $0 << 8 | Value($1) }
    }
}
