/// Puts the fields of a message between ranks together (a ``RankMessage``, or `uwb`'s lines for the first
/// rank to print), little-endian, after the octet that says its kind.
package struct RankMessageWriter {
    /// The message so far.
    package private(set) var octets: [UInt8]

    /// A message of kind `kind`.
    package init(kind: UInt8) {
        octets = [kind]
    }

    /// A 64-bit integer.
    package mutating func integer<Value: FixedWidthInteger>(_ value: Value) {
        let bits = UInt64(truncatingIfNeeded: value)
        for index in 0..<8 {
            octets.append(UInt8(truncatingIfNeeded: bits >> (8 * index)))
        }
    }

    /// A binary64 number, bit for bit.
    package mutating func real(_ value: Double) {
        integer(value.bitPattern)
    }

    /// A yes or no, as one octet.
    package mutating func flag(_ value: Bool) {
        octets.append(value ? 1 : 0)
    }

    /// Octets, after their count.
    package mutating func octets(_ value: [UInt8]) {
        integer(Int64(value.count))
        octets += value
    }
}
