/// What a ``BusConnection`` hands the messages it does not consume itself to, on its loop thread.
package protocol BusMessageHandler: AnyObject, Sendable {
    /// The answer to a method call; nil if the call is for no object the handler exports (the
    /// connection answers `UnknownMethod`).
    func handleCall(_ call: BusIncoming) -> BusReply?

    /// A signal the connection's match rules let through.
    func handleSignal(_ signal: BusIncoming)

    /// The connection closed or broke: no more messages come.
    func busClosed()
}
