/// The metadata keys swift-uwb's loggers attach to their records (Docs/logging.md), in one place
/// so that every module spells them the same way and a log handler can filter on them.
///
/// UWBCore does not log; it only names the keys, as plain strings, so that it needs no logging
/// dependency.
public enum LogMetadataKey {
    /// The device a record is about, as the device service names it: `usb:SERIAL`,
    /// `emulator:NAME` or `uci:HOST:PORT`.
    public static let device = "device"
    /// The ranging session a record is about: the hexadecimal identifier of its discovery token.
    public static let session = "session"
    /// The serial number of the USB board (FT232H) a record is about.
    public static let boardSerial = "board.serial"
    /// The board description in use, by ID (for example `ft232h-dw1000-single`).
    public static let board = "board"
    /// The chip-select line of the DW1000 a record is about, for example `CS 0`.
    public static let chip = "chip"
    /// The emulated device an app attached to, in the emulator service.
    public static let emulatedDevice = "emulator.device"
    /// The peer of a UCI connection or an emulator-service connection.
    public static let peer = "peer"
    /// The error a record reports.
    public static let error = "error"
}
