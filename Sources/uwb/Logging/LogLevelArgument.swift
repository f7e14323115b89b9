import ArgumentParser
import Logging

/// A `--log-level` value: swift-log's levels, by the names swift-log gives them.
enum LogLevelArgument: String, CaseIterable, ExpressibleByArgument {
    /// The levels, most verbose first, as `--log-level` spells them.
    case trace, debug, info, notice, warning, error, critical

    /// The swift-log level.
    var level: Logger.Level {
        switch self {
        case .trace: .trace
        case .debug: .debug
        case .info: .info
        case .notice: .notice
        case .warning: .warning
        case .error: .error
        case .critical: .critical
        }
    }
}
