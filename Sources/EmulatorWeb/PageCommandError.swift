import UWBCore

/// Why a page's message is not a command the server takes; the description is the message of the
/// `refused` answer, naming the field and what would be accepted.
struct PageCommandError: Error, Hashable, Sendable, CustomStringConvertible, JSONFieldErrorConvertible {
    /// The message's `id`, when it could be read (the answer carries it); nil otherwise.
    var id: Int?
    /// What is wrong.
    let description: String

    /// An error about a field of the message, before its id is known.
    init(_ error: JSONFieldError) {
        id = nil
        description = error.description
    }

    /// An error saying `description`.
    init(description: String) {
        id = nil
        self.description = description
    }

    /// The same error, answering the message `id`.
    func answering(_ id: Int?) -> PageCommandError {
        var error = self
        error.id = id
        return error
    }
}
