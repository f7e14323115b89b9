import UWBEmulator

/// The app attached to a device of the emulator service, as an observer sees it: the process on
/// the other end of its socket.
public struct AttachedApp: Hashable, Sendable {
    /// The app's process id, as the kernel gives it for the socket's peer (`SO_PEERCRED`); nil
    /// when the kernel does not say.
    public var processID: Int32?
    /// The process's command name (`/proc/PID/comm`, at most 15 characters); empty when unknown.
    public var name: String

    /// An app with the given process id and name.
    public init(processID: Int32?, name: String) {
        self.processID = processID
        self.name = name
    }

    /// The app on the other end of `socket`, as the kernel names it.
    static func peer(of socket: UnixSocket) -> AttachedApp {
        guard let processID = socket.peerProcessID else { return AttachedApp(processID: nil, name: "") }
        return AttachedApp(processID: processID, name: ProcessName.of(processID) ?? "")
    }

    /// "pid 1234 (uwb)", "pid 1234", or "an app" when nothing is known.
    public var label: String {
        switch (processID, name.isEmpty) {
        case (let processID?, false): "pid \(processID) (\(name))"
        case (let processID?, true): "pid \(processID)"
        case (nil, false): name
        case (nil, true): "an app"
        }
    }
}
