/// Upper-case hexadecimal of `value`, zero-padded to at least `digits` digits.
func hex(_ value: UInt64, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}
