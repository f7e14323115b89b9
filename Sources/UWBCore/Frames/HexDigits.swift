/// Formats `value` as hexadecimal digits, zero-padded on the left to at least `count` digits: the
/// package's one hexadecimal formatter, behind every fixed-width hex it prints.
package func hexDigits(_ value: UInt64, count: Int, uppercase: Bool = true) -> String {
    let digits = String(value, radix: 16, uppercase: uppercase)
    return String(repeating: "0", count: max(0, count - digits.count)) + digits
}

/// Formats `value` as at least `octets * 2` hexadecimal digits, zero-padded on the left.
package func hexDigits(_ value: UInt64, octets: Int, uppercase: Bool) -> String {
    hexDigits(value, count: octets * 2, uppercase: uppercase)
}
