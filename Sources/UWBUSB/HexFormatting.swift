/// An octet as `0x81`, for messages.
func hex2(_ value: UInt8) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "0x" + (digits.count < 2 ? "0" : "") + digits
}
