import Logging

/// Where the UCI server logs: the label of its loggers (Docs/logging.md).
///
/// The room logs a host taking a device and giving it back at `info`, and a host turned away
/// (every device taken) at `warning`; each host logs input it cannot accept (bad framing, a
/// message that is not a command, a command it cannot decode) at `warning`, and every command at
/// `trace`. Records carry the `device` metadata key (the scenario's device the host holds) and
/// `peer` (the connection's number).
public enum UCIServiceLogging {
    /// The label of the UCI server's loggers.
    public static let label = "swift-uwb.uci-service"

    /// A logger with ``label`` from the process's logging system (`LoggingSystem`).
    public static func logger() -> Logger {
        Logger(label: label)
    }
}
