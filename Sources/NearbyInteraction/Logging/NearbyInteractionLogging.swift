import Logging

/// Where NearbyInteraction logs: the label of its loggers (Docs/logging.md). A swift-uwb addition.
///
/// The device service logs sessions that start running, pause, end, are suspended and resume, and
/// peers removed (timeout or peer ended) at `info`; a session refused or invalidated with an
/// ``NIError``, and a device that failed, at `warning`; every measurement at `trace`. Records
/// carry the `device` metadata key and, for one session, `session` (its discovery token's
/// identifier).
public enum NearbyInteractionLogging {
    /// The label of NearbyInteraction's loggers.
    public static let label = "swift-uwb.nearby-interaction"

    /// A logger with ``label`` from the process's logging system (`LoggingSystem`).
    public static func logger() -> Logger {
        Logger(label: label)
    }
}
