import UWBCore

/// An octet as `0x81`, for messages.
func hex2(_ value: UInt8) -> String {
    "0x" + hexDigits(UInt64(value), count: 2)
}
