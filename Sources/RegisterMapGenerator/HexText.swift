/// Parses hex text of the form `0x1F` (1–16 digits, either case); `nil` for anything else.
func parseHex(_ text: String) -> UInt64? {
    guard text.hasPrefix("0x") else {
        return nil
    }
    let digits = text.dropFirst(2)
    guard (1...16).contains(digits.count), digits.allSatisfy(\.isHexDigit) else {
        return nil
    }
    return UInt64(digits, radix: 16)
}
