import ArgumentParser
import Logging

/// The `--log-level` option every `uwb` command takes (an `@OptionGroup` of each), and the start
/// of logging for a command's run.
struct LoggingOptions: ParsableArguments {
    /// How much the libraries log on standard error.
    @Option(
        name: .customLong("log-level"),
        help: ArgumentHelp(
            "How much the libraries log on standard error: trace, debug, info, notice, warning, error or critical.",
            discussion: "warning (the default) logs only what is wrong; info tells the story of a run; trace logs every SPI transaction and measurement."))
    var logLevel: LogLevelArgument = .warning

    /// Starts logging at ``logLevel`` for this run: bootstraps swift-log once in the process with
    /// ``CommandLogHandler`` (a second bootstrap would trap), then sets the level its handlers
    /// follow. Each command calls it first thing in its `run()`.
    func start() {
        CommandLogHandler.bootstrapOnce()
        CommandLogHandler.level.withLock { $0 = logLevel.level }
    }
}
