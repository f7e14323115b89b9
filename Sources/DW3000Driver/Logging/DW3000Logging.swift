import Logging

/// Where the DW3000 driver logs: the label of its loggers (Docs/logging.md).
///
/// The driver logs its bring-up at `debug` (DEV_ID, OTP values), failures at `warning`. Its
/// records carry the `chip` metadata key.
public enum DW3000Logging {
    /// The label of the driver's loggers.
    public static let label = "swift-uwb.dw3000"

    /// A logger with ``label`` from the process's logging system (`LoggingSystem`).
    public static func logger() -> Logger {
        Logger(label: label)
    }
}
