import UCI

/// A command a ``UCIDevice`` has queued or sent, and who waits for its response.
struct UCIPendingCommand {
    /// The command.
    let command: UCICommand
    /// Its encoded header, to match the response.
    let header: UCIMessageHeader
    /// Its packets (segments) as they go on the wire.
    let packets: [[UInt8]]
    /// Called once, on the loop, with the response or why there is none.
    let completion: (Result<UCIResponse, UCIClientError>) -> Void
}
