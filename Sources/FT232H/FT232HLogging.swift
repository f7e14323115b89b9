import Logging

/// Where the FT232H SPI bus logs: the label of its loggers (Docs/logging.md).
///
/// ``FT232HSPIBus`` logs its opening (MPSSE set up, synced, the clock) at `debug` and a failed
/// opening at `warning`. The SPI transactions on it are logged by the driver (at `trace`), and the
/// USB transfers under them by the link (UWBUSB's `FT232HUSBLink`).
public enum FT232HLogging {
    /// The label of the FT232H bus's loggers.
    public static let label = "swift-uwb.ft232h"

    /// A logger with ``label`` from the process's logging system (`LoggingSystem`).
    public static func logger() -> Logger {
        Logger(label: label)
    }
}
