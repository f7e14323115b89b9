/// A problem a command meets while it runs (not a mistake in how it was called): the argument
/// parser prints it as `Error: …` without the usage, and the command exits with status 1.
struct CommandFailure: Error, CustomStringConvertible {
    /// What went wrong and what to do.
    let description: String

    /// A failure saying `description`.
    init(_ description: String) {
        self.description = description
    }
}
