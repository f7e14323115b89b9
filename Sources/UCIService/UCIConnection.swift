import UCI

/// The sending side of one host's connection, used on the world's thread: encodes messages in
/// the UCI version the server serves, segments them and writes them. A connection that
/// breaks is closed, so its reader ends and the host is detached.
final class UCIConnection {
    /// The connection's socket.
    let socket: TCPSocket
    /// The UCI layouts the host speaks.
    let revision: UCIProtocolRevision

    /// A sender on `socket` in `revision`'s layouts.
    init(socket: TCPSocket, revision: UCIProtocolRevision = UCIServiceConstants.uciVersion.revision) {
        self.socket = socket
        self.revision = revision
    }

    /// Sends `message`; closes the connection if it cannot be written.
    func send(_ message: UCIMessage) {
        do {
            let raw = try message.encoded(version: revision)
            try write(try raw.encoded())
        } catch {
            // Our own messages always encode; one that does not is reported as the UWBS's failure.
            try? write(try? UCIMessage.notification(.genericError(.failed)).encoded(version: .v2).encoded())
        }
    }

    /// Writes octets, closing the connection on failure (a dead or stalled host).
    private func write(_ octets: [UInt8]?) throws(TCPSocketError) {
        guard let octets else { return }
        do {
            try socket.write(octets)
        } catch {
            socket.close()
            throw error
        }
    }
}
