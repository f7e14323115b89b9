import Foundation
import Synchronization
import UCI
import UWBEmulator

/// `uwb uci serve`: a UCI-over-TCP server in the manner of google/pica, each connection one UWB
/// subsystem (UWBS) on a device of an emulated room. Sessions of hosts range with each other
/// through the project's ranging engine on the emulated chips, so SESSION_INFO_NTF carries the
/// room's physics. See `Docs/uci.md`, "Server".
///
/// Threads: one accepts connections, one per connection reads and reassembles what its host
/// sends, and the world's thread (``UCIWorld``) handles every message and sends every answer.
///
/// `@unchecked Sendable`: the room is touched only on the world's thread; the connection table
/// is guarded by a lock.
public final class UCIServer: @unchecked Sendable {
    /// The port the server listens on (the one the system chose for port 0).
    public let port: UInt16

    private let listener: TCPSocket
    private let world: UCIWorld
    private let room: UCIRoom
    private let connections = Mutex<[Int: TCPSocket]>([:])
    private let nextConnection = Atomic<Int>(0)
    private let accepting = DispatchGroup()

    /// A server for `emulation`'s devices, listening but not serving until ``start()``.
    ///
    /// - Throws: ``UCIServiceError`` if the port cannot be listened on or the world has no
    ///   device hosts could use.
    public init(emulation: Emulation, settings: UCIServerSettings = UCIServerSettings()) throws(UCIServiceError) {
        room = try UCIRoom(emulation: emulation, uciVersion: settings.uciVersion)
        world = UCIWorld(emulation: emulation, speed: settings.speed)
        listener = try TCPSocket.listen(port: settings.port)
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
        for socket in open {
            socket.close()
        }
        world.stop()
    }

    /// How many hosts are connected now.
    public var connectionCount: Int {
        connections.withLock { $0.count }
    }

    /// Attaches a new connection and reads from it on a thread of its own until it closes.
    private func serve(_ socket: TCPSocket) {
        let id = nextConnection.add(1, ordering: .relaxed).newValue
        connections.withLock { $0[id] = socket }
        let room = UncheckedRoom(room)
        world.post { room.value.attach(id, socket: socket) }
        let thread = Thread { [self] in
            Thread.current.name = "uwb uci host \(id)"
            read(from: socket, id: id, room: room)
            world.post { room.value.detach(id) }
            socket.close()
            _ = connections.withLock { $0.removeValue(forKey: id) }
        }
        thread.start()
    }

    /// Reads the host's octets, reassembles them and hands each message or framing error to the
    /// world, until the connection ends.
    private func read(from socket: TCPSocket, id: Int, room: UncheckedRoom) {
        var reassembler = UCIReassembler()
        while let octets = try? socket.read(upTo: UCIServiceConstants.readChunk), !octets.isEmpty {
            reassembler.append(octets)
            for input in reassembler.drain() {
                world.post { room.value.receive(input, from: id) }
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
