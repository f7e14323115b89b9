import Foundation
import Synchronization
import UCI
import UWBCore
import UWBEmulator

/// `uwb uci serve`: a UCI-over-TCP server in the manner of google/pica, each connection one UWB
/// subsystem (UWBS) on a device of an emulated room. Sessions of hosts range with each other
/// through the project's ranging engine on the emulated chips, so SESSION_INFO_NTF carries the
/// room's physics. See `Docs/uci.md`, "Server".
///
/// Threads: one accepts connections; per connection, one reads and reassembles what its host
/// sends and one writes what the world queued for it (``UCIConnection``); the world's thread
/// (``UCIWorld``) handles every message. A host that stops reading or floods commands holds up
/// no other: the world only queues for it (its outbox is bounded, past it the host is
/// disconnected), and its reader stops while ``UCIServerSettings/inboxLimit`` of its messages
/// wait in the world. With a trace, every packet either way is recorded as it is read or written.
///
/// `@unchecked Sendable`: the room is touched only on the world's thread; the connection table
/// is guarded by a lock.
public final class UCIServer: @unchecked Sendable {
    /// The port the server listens on (the one the system chose for port 0).
    public let port: UInt16

    private let listener: TCPSocket
    private let world: UCIWorld
    private let room: UCIRoom
    private let settings: UCIServerSettings
    private let trace: UCITraceWriter?
    private let observer: (any UCIServerObserver)?
    private let connections = Mutex<[Int: UCIConnection]>([:])
    private let nextConnection = Atomic<Int>(0)

    /// A server for `emulation`'s devices, listening but not serving until ``start()``, recording
    /// every UCI packet in `trace` if given (each connection an interface "host N"; closing the
    /// trace after ``stop()`` is the caller's).
    ///
    /// - Throws: ``UCIServiceError`` if the port cannot be listened on or the world has no
    ///   device hosts could use.
    public convenience init(
        emulation: Emulation, settings: UCIServerSettings = UCIServerSettings(), trace: UCITraceWriter? = nil
    ) throws(UCIServiceError) {
        try self.init(emulation: emulation, settings: settings, trace: trace, observer: nil)
    }

    /// A server as ``init(emulation:settings:trace:)`` makes it, that also shows `observer` every
    /// packet it queues for a host (benchmarks).
    package init(
        emulation: Emulation, settings: UCIServerSettings, trace: UCITraceWriter?, observer: (any UCIServerObserver)?
    ) throws(UCIServiceError) {
        self.settings = settings
        self.trace = trace
        self.observer = observer
        room = try UCIRoom(
            emulation: emulation, uciVersion: settings.uciVersion, sessionHandles: settings.sessionHandles, reserved: settings.reservedDevices)
        world = UCIWorld(emulation: emulation, speed: settings.speed)
        do {
            listener = try TCPSocket.listen(port: settings.port, sendTimeout: UCIServiceConstants.sendTimeout)
        } catch {
            throw .cannotListen(port: settings.port, reason: "\(error)")
        }
        port = listener.localPort
    }

    /// Starts the world and accepts hosts.
    public func start() {
        world.start()
        let thread = Thread { [self] in
            Thread.current.name = "uwb uci accept"
            while let socket = listener.accept() {
                serve(socket)
            }
        }
        thread.start()
    }

    /// Stops accepting, closes every connection and stops the world.
    public func stop() {
        listener.close()
        let open = connections.withLock { connections in
            defer { connections = [:] }
            return Array(connections.values)
        }
        for connection in open {
            connection.close()
        }
        world.stop()
    }

    /// How many hosts are connected now.
    public var connectionCount: Int {
        connections.withLock { $0.count }
    }

    /// Attaches a new connection, starts its writer, and reads from it on a thread of its own
    /// until it closes.
    private func serve(_ socket: TCPSocket) {
        let id = nextConnection.add(1, ordering: .relaxed).newValue
        socket.setSendBuffer(octets: UCIServiceConstants.connectionSendBuffer)
        let name = "host \(id)"
        let connection = UCIConnection(socket: socket, name: name, settings: settings, trace: trace, observe: observer.map { observer in
            let world = world
            return { packets in observer.queued(packets, for: name, virtualSeconds: world.emulation.simulator.now.seconds) }
        })
        connections.withLock { $0[id] = connection }
        connection.startWriting()
        let room = UncheckedRoom(room)
        world.post { room.value.attach(id, connection: connection) }
        let thread = Thread { [self] in
            Thread.current.name = "uwb uci \(connection.name) reader"
            read(from: connection, id: id, room: room)
            world.post { room.value.detach(id) }
            connection.close()
            _ = connections.withLock { $0.removeValue(forKey: id) }
        }
        thread.start()
    }

    /// Reads the host's octets, reassembles them and hands each message or framing error to the
    /// world, taking a place in the connection's gate for each (so that at most
    /// ``UCIServerSettings/inboxLimit`` wait there), until the connection ends.
    private func read(from connection: UCIConnection, id: Int, room: UncheckedRoom) {
        var reassembler = UCIReassembler()
        reassembler.keepsPackets = true
        var segments = UCIDataSegments()
        while let octets = try? connection.socket.read(upTo: UCIServiceConstants.readChunk), !octets.isEmpty {
            reassembler.append(octets)
            let inputs = reassembler.drain()
            let now = Date()
            for packet in reassembler.takePackets() {
                trace?.record(packet, direction: .received, at: now, connection: connection.name)
                guard let handle = segments.creditDue(after: packet) else { continue }
                guard connection.gate.enter() else { return }
                world.post {
                    room.value.dataSegmentReceived(handle, from: id)
                    connection.gate.leave()
                }
            }
            for input in inputs {
                guard connection.gate.enter() else { return }
                world.post {
                    room.value.receive(input, from: id)
                    connection.gate.leave()
                }
            }
        }
    }
}

/// The room, carried to the world's thread in posted work: it is only ever used there.
private struct UncheckedRoom: @unchecked Sendable {
    let value: UCIRoom

    init(_ value: UCIRoom) {
        self.value = value
    }
}
