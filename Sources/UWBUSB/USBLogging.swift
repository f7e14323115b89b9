import Logging

/// Where the USB layer logs: the label of its loggers (Docs/logging.md).
///
/// It logs an interface claimed and released, and boards found, at `debug`; a board it may not
/// open (permission, or another program holding it) and a failed transfer at `warning`; hotplug
/// arrivals and departures at `info`; every bulk and control transfer at `trace`. Records carry
/// the `usb.device` metadata key (bus and port path) and, once known, `board.serial`.
public enum USBLogging {
    /// The label of the USB layer's loggers.
    public static let label = "swift-uwb.usb"

    /// A logger with ``label`` from the process's logging system (`LoggingSystem`).
    public static func logger() -> Logger {
        Logger(label: label)
    }

    /// The metadata key of the USB device a record is about: its bus and port path.
    public static let deviceKey = "usb.device"
}
