/// A timeout in the form libusb takes: whole milliseconds, at least 1 (0 would mean "forever").
func libusbMilliseconds(_ timeout: Duration) -> UInt32 {
    let (seconds, attoseconds) = timeout.components
    guard seconds >= 0, attoseconds >= 0 else { return 1 }
    let wholeMilliseconds = seconds.multipliedReportingOverflow(by: 1000)
    guard !wholeMilliseconds.overflow else { return UInt32.max }
    let partial = (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    let total = wholeMilliseconds.partialValue.addingReportingOverflow(partial)
    guard !total.overflow else { return UInt32.max }
    return UInt32(clamping: max(1, total.partialValue))
}
