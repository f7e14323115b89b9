/// Why a test's client could not talk to the server.
struct TestClientError: Error, CustomStringConvertible {
    /// What went wrong.
    let description: String
}
