import Logging

/// Where the emulator service's web page logs: the label of its loggers (Docs/logging.md).
///
/// ``RoomWebServer`` logs where it listens and pages connecting and leaving at `info`, and a page
/// closed for what it sent (a binary frame, a frame too large, a flood) or for not reading at
/// `warning`. Records carry the `peer` metadata key (the page's address and port).
public enum EmulatorWebLogging {
    /// The label of the web page's loggers.
    public static let label = "swift-uwb.emulator-web"

    /// A logger with ``label`` from the process's logging system (`LoggingSystem`).
    public static func logger() -> Logger {
        Logger(label: label)
    }
}
