import Synchronization
import UWBEmulator

/// A watcher of the emulator service's room (`uwb emulator watch`): connects to the service's
/// socket as an observer (OBSERVE instead of HELLO), so it takes no device and no part in the
/// lockstep, and asks for one ``EmulatorSnapshot`` at a time. The world never waits for it.
/// Threads that share one observer take turns asking.
public final class EmulatorObserver: Sendable {
    /// The longest a snapshot may take to arrive before the service counts as gone: a deadline for
    /// a dead service, far beyond the few milliseconds a live one takes.
    public static let patience: Duration = .seconds(10)

    /// The socket path it watches.
    public let socketPath: String
    private let socket: UnixSocket
    /// Held from a request to its answer, so that two threads' exchanges do not interleave.
    private let asking = Mutex(())

    /// Connects to the service at `socketPath`.
    ///
    /// - Throws: ``EmulatorServiceError/cannotConnect(path:reason:)`` if no service answers there.
    public init(socketPath: String) throws(EmulatorServiceError) {
        self.socketPath = socketPath
        socket = try UnixSocket.connect(to: socketPath)
    }

    deinit {
        socket.close()
    }

    /// The room now: sends OBSERVE and waits for SNAPSHOT (the service answers no sooner than its
    /// ``EmulatorServiceSettings/snapshotInterval`` after the previous one).
    ///
    /// - Throws: ``EmulatorServiceError/connectionLost(_:)`` if the service went away,
    ///   ``EmulatorServiceError/timedOut(_:)`` if it stopped answering, ``EmulatorServiceError/answered(_:)``
    ///   with its ERROR (a version it does not speak, or a service too old to know OBSERVE), or
    ///   ``EmulatorServiceError/malformed(_:)``.
    public func snapshot() throws(EmulatorServiceError) -> EmulatorSnapshot {
        try asking.withLock { _ throws(EmulatorServiceError) in try exchange() }
    }

    /// Sends OBSERVE and reads the answer.
    private func exchange() throws(EmulatorServiceError) -> EmulatorSnapshot {
        try EmulatorWire.send(EmulatorRequest.observe(version: EmulatorWire.version).encoded, on: socket)
        let octets = try EmulatorWire.receive(
            from: socket, startingBy: ContinuousClock.now + Self.patience, finishingWithin: Self.patience,
            longest: EmulatorWire.snapshotMaximumLength)
        switch try EmulatorReply(decoding: octets) {
        case .snapshot(let snapshot):
            return snapshot
        case .error(let message):
            throw .answered(message)
        case let other:
            throw .malformed("\(other) instead of SNAPSHOT")
        }
    }

    /// Closes the connection; the service forgets the observer.
    public func close() {
        socket.close()
    }
}
