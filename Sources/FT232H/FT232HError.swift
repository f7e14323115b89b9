import UWBCore

/// Why an FT232H could not be set up as an SPI master, with what to do about it.
public enum FT232HError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The USB link failed (gone, timed out, transfer error).
    case link(SPIBusError)
    /// The FT232H did not answer the 0xAA sync with `FA AA`; it carries the data that came back.
    case syncFailed(received: [UInt8])
    /// No MPSSE clock divisor gives this SCK (below ≈ 457.8 Hz, or not a positive frequency).
    case clockNotReachable(Frequency)
    /// The board asks for an SPI mode the bus does not drive (only mode 0).
    case unsupportedSPIMode(Int)
    /// An operation before ``FT232HSPIBus/open()`` succeeded.
    case notOpen

    /// What went wrong and what to do about it.
    public var description: String {
        switch self {
        case .link(let error):
            error.description
        case .syncFailed(let received):
            "the FT232H did not answer the MPSSE sync (sent 0xAA, expected FA AA, received "
                + (received.isEmpty ? "nothing" : received.map(Self.hex).joined(separator: " "))
                + "); unplug and replug the board, and check that no other program holds it"
        case .clockNotReachable(let clock):
            "the FT232H cannot make an SPI clock of \(clock): it makes 30 MHz / (1 + divisor) with a 16-bit divisor, "
                + "from 30 MHz down to about 457.8 Hz; fix the board description's spi clocks"
        case .unsupportedSPIMode(let mode):
            "the FT232H bus drives SPI mode 0 only, but the board asks for mode \(mode); fix the board description's spi.mode"
        case .notOpen:
            "the FT232H bus is not open; call open() first and check that it succeeded"
        }
    }

    /// The error as the ``SPIBus`` methods report it: link errors as they are, the others as
    /// ``SPIBusError/transferFailed(_:)`` with this description.
    public var busError: SPIBusError {
        if case .link(let error) = self { return error }
        return .transferFailed(description)
    }

    private static func hex(_ octet: UInt8) -> String {
        hexDigits(UInt64(octet), count: 2)
    }
}
