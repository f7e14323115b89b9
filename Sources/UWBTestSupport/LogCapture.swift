import InMemoryLogging
import Logging

/// A logger whose records a test can read: swift-log's `InMemoryLogHandler` behind a `Logger`, at
/// the level the test chooses.
///
/// Hand ``logger`` to the code under test (the libraries take a `logger` parameter); nothing is
/// bootstrapped, so tests running in parallel never see each other's records.
public struct LogCapture: Sendable {
    /// The logger to hand to the code under test.
    public let logger: Logger
    /// The handler behind it; copies share one store of records.
    private let handler: InMemoryLogHandler

    /// A capture of the records at `level` and above.
    public init(level: Logger.Level = .trace, label: String = "test") {
        var handler = InMemoryLogHandler()
        handler.logLevel = level
        self.handler = handler
        logger = Logger(label: label) { _ in handler }
    }

    /// Every record so far, in order.
    public var entries: [InMemoryLogHandler.Entry] {
        handler.entries
    }

    /// The records at `level`.
    public func entries(at level: Logger.Level) -> [InMemoryLogHandler.Entry] {
        entries.filter { $0.level == level }
    }

    /// The records whose message is `message`.
    public func entries(saying message: String) -> [InMemoryLogHandler.Entry] {
        entries.filter { $0.message.description == message }
    }
}
