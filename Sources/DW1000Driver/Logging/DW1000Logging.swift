import Logging

/// Where the DW1000 driver logs: the label of its loggers (Docs/logging.md).
///
/// The driver logs its bring-up at `debug` (DEV_ID, crystal trim, antenna delays, the
/// configuration applied), failures at `warning`, and every SPI transaction at `trace`. Its
/// records carry the `chip` metadata key, plus whatever the logger given to
/// ``DW1000/init(bus:chip:antennaDelays:logger:)`` already carries (`device`, `board.serial`).
public enum DW1000Logging {
    /// The label of the driver's loggers.
    public static let label = "swift-uwb.dw1000"

    /// A logger with ``label`` from the process's logging system (`LoggingSystem`).
    public static func logger() -> Logger {
        Logger(label: label)
    }
}
