import Foundation
import Logging
import Synchronization

/// The log handler of the `uwb` command: one line per record on standard error, at the level the
/// running command set (`--log-level`), shared by every logger of the process.
///
/// swift-log's `LoggingSystem.bootstrap` may run only once per process, and tests run commands
/// in-process many times: so the command bootstraps once (``bootstrapOnce()``) and each run sets
/// ``level``, which every handler reads when it is not given one of its own.
struct CommandLogHandler: LogHandler {
    /// The process-wide level that handlers without one of their own follow.
    static let level = Mutex(Logger.Level.warning)

    /// The label of the logger.
    let label: String
    /// The metadata of the logger.
    var metadata: Logger.Metadata = [:]
    /// A level set on this logger (`logger.logLevel = …`), replacing ``level`` for it.
    private var ownLevel: Logger.Level?

    /// A handler for the logger labelled `label`.
    init(label: String) {
        self.label = label
    }

    /// The level set on this logger, else the process-wide ``level``.
    var logLevel: Logger.Level {
        get { ownLevel ?? Self.level.withLock { $0 } }
        set { ownLevel = newValue }
    }

    /// The metadata value for `key`.
    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// Writes the record as one line on standard error.
    func log(event: LogEvent) {
        let merged = event.metadata.map { metadata.merging($0) { _, new in new } } ?? metadata
        FileHandle.standardError.write(Data((Self.line(level: event.level, label: label, message: "\(event.message)", metadata: merged) + "\n").utf8))
    }

    /// One record as a line: `LEVEL LABEL: MESSAGE key=value …`, keys in alphabetical order so that
    /// the same record always reads the same.
    static func line(level: Logger.Level, label: String, message: String, metadata: Logger.Metadata) -> String {
        let pairs = metadata.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
        return (["\(level) \(label): \(message)"] + pairs).joined(separator: " ")
    }

    /// Bootstraps swift-log with this handler, the first time only.
    static func bootstrapOnce() {
        _ = bootstrap
    }

    /// The bootstrap, run once (a static constant is initialised once, thread-safely).
    private static let bootstrap: Void = LoggingSystem.bootstrap { CommandLogHandler(label: $0) }
}
