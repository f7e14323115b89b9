import AccessoryProtocol

/// The messages that came over a Bluetooth link, for its `receive()`: each write or notification
/// is one message, or the error saying why its octets are none.
final class AccessoryInbox: Sendable {
    private let queue = AsyncQueue<Result<AccessoryMessage, AccessoryTransportError>>()

    /// The octets of one write or notification: the message they hold, or why they are none.
    func deliver(_ octets: [UInt8]) {
        do {
            queue.push(.success(try AccessoryMessage(octets: octets)))
        } catch {
            queue.push(.failure(.malformed(error)))
        }
    }

    /// The next message; nil once the link ended and the messages that came before are taken.
    ///
    /// - Throws: ``AccessoryProtocol/AccessoryTransportError/malformed(_:)`` for octets that were
    ///   no message.
    func next() async throws(AccessoryTransportError) -> AccessoryMessage? {
        guard let next = await queue.next() else { return nil }
        return try next.get()
    }

    /// The link ended: ``next()`` returns nil once the messages that came are taken.
    func finish() {
        queue.finish()
    }
}
