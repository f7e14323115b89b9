/// Formats `value` as exactly `octets * 2` hexadecimal digits, zero-padded on the left.
package func hexDigits(_ value: UInt64, octets: Int, uppercase: Bool) -> String {
    let digits = String(value, radix: 16, uppercase: uppercase)
    return String(repeating: "0", count: max(0, octets * 2 - digits.count)) + digits
}
