import Logging

/// Where the UCI client logs: the label of its loggers (Docs/logging.md).
///
/// ``UCIDevice`` logs a device brought up (its versions) at `info`, a device that cannot be opened
/// or brought up and a device lost at `warning`, a notification it cannot decode at `debug`, and
/// every command sent and message received at `trace`. Records carry the `device` metadata key
/// (`uci:ENDPOINT`).
public enum UCIClientLogging {
    /// The label of the UCI client's loggers.
    public static let label = "swift-uwb.uci-client"

    /// A logger with ``label`` from the process's logging system (`LoggingSystem`).
    public static func logger() -> Logger {
        Logger(label: label)
    }
}
