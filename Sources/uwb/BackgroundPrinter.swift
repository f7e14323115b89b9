import Dispatch

/// Makes and prints text (on standard output, or through the writer it was given) on a thread of its
/// own, in the order it was given, so that formatting a simulated second's lines does not hold up the
/// world's next second (`uwb range`, `uwb locate`: tens of thousands of lines a simulated second, which
/// one thread formatted between seconds while the world's other threads waited; Docs/benchmarks.md,
/// "Whole commands: printing and gathering").
///
/// At most ``mostWaiting`` texts wait to be printed: giving another waits until the oldest is out, so
/// a world that runs faster than its output drains (a slow terminal, a full pipe) runs at the output's
/// pace rather than keeping its records in memory.
final class BackgroundPrinter: Sendable {
    /// How many texts may wait to be printed before ``print(_:)`` waits.
    static let mostWaiting = 2

    private let queue = DispatchQueue(label: "uwb.output")
    private let room = DispatchSemaphore(value: mostWaiting)
    private let write: @Sendable (String) -> Void

    /// A printer that hands each text to `write`, by default standard output's.
    init(write: @escaping @Sendable (String) -> Void = { Swift.print($0, terminator: "") }) {
        self.write = write
    }

    /// Prints what `text` makes once everything given before has been printed; waits first while
    /// ``mostWaiting`` texts are waiting.
    func print(_ text: @escaping @Sendable () -> String) {
        room.wait()
        queue.async { [room, write] in
            write(text())
            room.signal()
        }
    }

    /// Returns once everything given has been printed.
    func finish() {
        queue.sync {}
    }
}
