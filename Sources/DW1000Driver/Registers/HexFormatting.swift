import UWBCore

/// Upper-case hexadecimal of `value`, zero-padded to at least `digits` digits.
func hex(_ value: UInt64, digits: Int) -> String {
    hexDigits(value, count: digits)
}

/// `octets` as space-separated upper-case hexadecimal pairs, for example `8F 00 01`.
func hexOctets(_ octets: [UInt8]) -> String {
    octets.map { hex(UInt64($0), digits: 2) }.joined(separator: " ")
}
