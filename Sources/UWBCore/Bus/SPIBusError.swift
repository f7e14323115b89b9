/// Why an SPI bus operation failed.
public enum SPIBusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A negative chip-select index.
    case invalidChipSelect(Int)
    /// The bus has no chip on this chip-select line.
    case noSuchChip(ChipSelect, chipCount: Int)
    /// The device behind the bus is gone (for example the USB board was unplugged).
    case disconnected(String)
    /// The transfer did not complete in time.
    case timedOut(String)
    /// The bus could not carry out the transaction; the text says why.
    case transferFailed(String)

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .invalidChipSelect(let index):
            "chip select \(index) is negative; chip selects count from 0"
        case .noSuchChip(let chip, let count):
            "no chip on \(chip): this bus has \(count) chip-select line\(count == 1 ? "" : "s") (0...\(count - 1)); check the board description"
        case .disconnected(let reason):
            "the SPI bus is disconnected (\(reason)); reconnect the board and open it again"
        case .timedOut(let reason):
            "the SPI transfer timed out (\(reason)); check the cable and that nothing else holds the device"
        case .transferFailed(let reason):
            "the SPI transfer failed: \(reason)"
        }
    }
}
