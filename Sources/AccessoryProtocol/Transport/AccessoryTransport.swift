/// Carries the accessory protocol's messages (``AccessoryMessage``) between a phone and an
/// accessory: Bluetooth LE (the GATT data channel of the accessory samples), a socket
/// (``AccessorySocketTransport``, for the emulator and tests), or any other link.
///
/// One task receives; sends may come from any task. A transport keeps message boundaries: each
/// ``send(_:)`` arrives as one ``receive()``.
public protocol AccessoryTransport: AnyObject, Sendable {
    /// A name for messages, such as `tcp:127.0.0.1:7100` or a Bluetooth address.
    var name: String { get }

    /// Sends `message` to the other side.
    ///
    /// - Throws: ``AccessoryTransportError/disconnected(_:)`` once the other side is gone,
    ///   ``AccessoryTransportError/failed(_:)`` if the link broke.
    func send(_ message: AccessoryMessage) async throws(AccessoryTransportError)

    /// The next message from the other side; nil once it disconnected or ``close()`` was called.
    ///
    /// - Throws: ``AccessoryTransportError/malformed(_:)`` for octets that are no message (the
    ///   link stays usable), ``AccessoryTransportError/failed(_:)`` if the link broke.
    func receive() async throws(AccessoryTransportError) -> AccessoryMessage?

    /// Ends the link: the other side's ``receive()`` returns nil, and so does this side's.
    func close()
}
