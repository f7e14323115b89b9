/// Why a method call on a ``BusConnection`` got no answer.
package enum BusCallError: Error, Hashable, Sendable {
    /// The other side answered with an error, such as `org.bluez.Error.NotReady`.
    case remote(name: String, message: String)
    /// No answer came within the call's time limit.
    case noReply
    /// The connection closed (or broke) before an answer came.
    case closed
    /// libdbus could not build the message (out of memory, or a path that is not valid).
    case refused
}
