import Dispatch

/// Makes and prints text on standard output on a thread of its own, in the order it was given, so that
/// formatting a simulated second's lines does not hold up the world's next second (`uwb range`, `uwb
/// locate`: tens of thousands of lines a simulated second, which one thread formatted between seconds
/// while the world's other threads waited; Docs/benchmarks.md, "Whole commands: printing and gathering").
final class BackgroundPrinter: Sendable {
    private let queue = DispatchQueue(label: "uwb.output")

    /// Prints what `text` makes, once everything given before has been printed.
    func print(_ text: @escaping @Sendable () -> String) {
        queue.async {
            Swift.print(text(), terminator: "")
        }
    }

    /// Returns once everything given has been printed.
    func finish() {
        queue.sync {}
    }
}
