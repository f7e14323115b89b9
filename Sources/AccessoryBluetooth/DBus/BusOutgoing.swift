import CDBus

/// A message a ``BusConnection`` sends: a method call or a signal.
package enum BusOutgoing: Sendable {
    /// A call of `member` of `interface` on the object at `path` of the bus name `destination`.
    case methodCall(destination: String, path: String, interface: String, member: String, arguments: [BusValue])
    /// A signal from the object at `path`.
    case signal(path: String, interface: String, member: String, arguments: [BusValue])

    /// The libdbus message (owned: the caller unreferences it); nil if libdbus refused (out of
    /// memory, or a name or path that is not valid).
    func makeMessage() -> OpaquePointer? {
        let message: OpaquePointer?
        let arguments: [BusValue]
        switch self {
        case .methodCall(let destination, let path, let interface, let member, let callArguments):
            guard BusNames.isValidPath(path) else { return nil }
            message = dbus_message_new_method_call(destination, path, interface, member)
            arguments = callArguments
        case .signal(let path, let interface, let member, let signalArguments):
            guard BusNames.isValidPath(path) else { return nil }
            message = dbus_message_new_signal(path, interface, member)
            arguments = signalArguments
        }
        guard let message else { return nil }
        guard BusValue.append(arguments, to: message) else {
            dbus_message_unref(message)
            return nil
        }
        return message
    }
}

/// What a handler answers a method call with.
package enum BusReply: Sendable {
    /// A method return with these values.
    case values([BusValue])
    /// An error reply, such as `org.bluez.Error.InvalidValueLength`, with a message for people.
    case error(name: String, message: String)
}
