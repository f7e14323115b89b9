/// The USB-to-SPI bridge chip on a board.
public enum USBBridge: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// FTDI FT232H (default USB id 0403:6014) in MPSSE mode.
    case ft232h = "FT232H"

    /// The bridge's name as a board description spells it, for example `FT232H`.
    public var description: String { rawValue }
}
