import Logging
import UWBEmulator

/// Where the emulator service logs: the label of its loggers (Docs/logging.md).
///
/// ``EmulatorService`` logs apps attaching and detaching, and observers, at `info`; a refused
/// attachment and an app's connection ended by a wire error at `warning`. Records carry the
/// `emulator.device` metadata key (the scenario's device an app attached to) and `peer` (the app:
/// its process ID and name). The emulation itself (chips, medium, SPI) does not log: the drivers
/// on its buses do.
public enum EmulatorLogging {
    /// The label of the emulator service's loggers.
    public static let label = "swift-uwb.emulator"

    /// A logger with ``label`` from the process's logging system (`LoggingSystem`).
    public static func logger() -> Logger {
        Logger(label: label)
    }
}
