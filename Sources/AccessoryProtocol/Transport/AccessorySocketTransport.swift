import Foundation
import Synchronization
import UWBCore

/// The accessory protocol over a TCP connection on the loopback interface: for the emulator,
/// `uwb accessory` and tests, where there is no Bluetooth. Each message goes as its length (2
/// octets, little endian) and then its octets (swift-uwb's own framing; Bluetooth needs none, as
/// each GATT write or notification is one message).
///
/// `@unchecked Sendable`: the socket serialises writes and may be closed from any thread; reads
/// run one at a time (one task receives), each on a thread of its own (a blocking read must not
/// hold a thread of a shared pool, which other blocked work may have exhausted), and they alone
/// touch ``pending``.
public final class AccessorySocketTransport: AccessoryTransport, @unchecked Sendable {
    public let name: String
    private let socket: TCPSocket
    /// Octets read past the last whole message (the reads' only).
    private var pending: [UInt8] = []
    private let closed = Atomic<Bool>(false)

    /// The longest message either side sends (``AccessoryMessage/maximumLength``).
    public static let maximumMessageLength = AccessoryMessage.maximumLength
    /// How long a write may wait for a peer that does not read before the link counts as broken.
    static let sendTimeout: Duration = .seconds(5)

    init(socket: TCPSocket, name: String) {
        self.socket = socket
        self.name = name
    }

    /// Connects to an accessory (or a phone) listening on `port` of 127.0.0.1.
    ///
    /// - Throws: ``AccessoryTransportError/failed(_:)`` if nothing listens there.
    public static func connect(port: UInt16) throws(AccessoryTransportError) -> AccessorySocketTransport {
        do {
            let socket = try TCPSocket.connect(port: port, deadPeerTimeout: .zero, sendTimeout: sendTimeout)
            return AccessorySocketTransport(socket: socket, name: "tcp:127.0.0.1:\(port)")
        } catch {
            throw .failed("\(error); is `uwb accessory` (or the other side) listening on port \(port)?")
        }
    }

    public func send(_ message: AccessoryMessage) async throws(AccessoryTransportError) {
        let octets = message.octets
        var frame: [UInt8] = []
        frame.appendLittleEndian(UInt16(octets.count))
        do {
            try socket.write(frame + octets)
        } catch {
            throw closed.load(ordering: .relaxed) ? .disconnected(name) : .failed("\(error)")
        }
    }

    public func receive() async throws(AccessoryTransportError) -> AccessoryMessage? {
        let result = await withCheckedContinuation { (continuation: CheckedContinuation<Result<AccessoryMessage?, AccessoryTransportError>, Never>) in
            Thread { [self] in
                continuation.resume(returning: Result { () throws(AccessoryTransportError) in try readMessage() })
            }.start()
        }
        return try result.get()
    }

    public func close() {
        closed.store(true, ordering: .relaxed)
        socket.close()
    }

    /// Reads the next whole frame (on a reading thread) and decodes it.
    private func readMessage() throws(AccessoryTransportError) -> AccessoryMessage? {
        guard let header = try take(2) else { return nil }
        let length = Int(header[0]) | Int(header[1]) << 8
        guard length <= Self.maximumMessageLength else {
            close()
            throw .failed("the other side announced a message of \(length) octets, longer than any (\(Self.maximumMessageLength)): it does not speak this transport's framing (a 2-octet little-endian length before each message)")
        }
        guard let octets = try take(length) else { return nil }
        do {
            return try AccessoryMessage(octets: octets)
        } catch {
            throw .malformed(error)
        }
    }

    /// The next `count` octets; nil if the connection ends first.
    private func take(_ count: Int) throws(AccessoryTransportError) -> [UInt8]? {
        while pending.count < count {
            guard !closed.load(ordering: .relaxed) else { return nil }
            let chunk: [UInt8]
            do {
                chunk = try socket.read(upTo: 1024)
            } catch {
                if closed.load(ordering: .relaxed) { return nil }
                throw .failed("\(error)")
            }
            guard !chunk.isEmpty else { return nil }
            pending += chunk
        }
        defer { pending.removeFirst(count) }
        return Array(pending[..<count])
    }
}
