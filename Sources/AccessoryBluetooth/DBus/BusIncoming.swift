import CDBus

/// A message that arrived on a ``BusConnection``, read whole: its header fields and arguments.
package struct BusIncoming: Sendable {
    /// What kind of message it is.
    package enum Kind: Sendable {
        case methodCall, methodReturn, error, signal
    }

    package var kind: Kind
    /// The object it was sent to (a call) or from (a signal).
    package var path: String?
    package var interface: String?
    package var member: String?
    /// The sender's unique name.
    package var sender: String?
    /// An error reply's name, such as `org.bluez.Error.Failed`.
    package var errorName: String?
    /// The serial of the call a reply answers.
    package var replySerial: UInt32
    /// The arguments; empty if one had a type ``BusValue`` does not read.
    package var arguments: [BusValue]
    /// Whether the arguments were read whole (false: a type ``BusValue`` does not read).
    package var argumentsRead: Bool

    /// The message `message` points to; nil for a kind no handler takes.
    init?(_ message: OpaquePointer) {
        switch dbus_message_get_type(message) {
        case DBUS_MESSAGE_TYPE_METHOD_CALL: kind = .methodCall
        case DBUS_MESSAGE_TYPE_METHOD_RETURN: kind = .methodReturn
        case DBUS_MESSAGE_TYPE_ERROR: kind = .error
        case DBUS_MESSAGE_TYPE_SIGNAL: kind = .signal
        default: return nil
        }
        path = dbus_message_get_path(message).map { String(cString: $0) }
        interface = dbus_message_get_interface(message).map { String(cString: $0) }
        member = dbus_message_get_member(message).map { String(cString: $0) }
        sender = dbus_message_get_sender(message).map { String(cString: $0) }
        errorName = dbus_message_get_error_name(message).map { String(cString: $0) }
        replySerial = dbus_message_get_reply_serial(message)
        let arguments = BusValue.arguments(of: message)
        self.arguments = arguments ?? []
        argumentsRead = arguments != nil
    }

    /// An error reply's message text (its first argument), or "" if it has none.
    package var errorText: String {
        arguments.first?.stringValue ?? ""
    }
}
