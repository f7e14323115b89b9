import Logging

/// Where UWBDevices logs: the label of its loggers (Docs/logging.md).
///
/// It logs which radio `UWB_DEVICE` chose and why, and each radio's bring-up, at `info`; the
/// calibration store applied at `info` or ignored at `warning`; a lost radio at `warning`; and
/// every radio event (frames received and sent, timeouts) at `trace`. Records carry the `device`
/// metadata key (and `board`).
public enum DevicesLogging {
    /// The label of UWBDevices' loggers.
    public static let label = "swift-uwb.devices"

    /// A logger with ``label`` from the process's logging system (`LoggingSystem`).
    public static func logger() -> Logger {
        Logger(label: label)
    }
}
