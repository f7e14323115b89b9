import Foundation
import Synchronization
import UCIService
import UWBCore

/// A TCP relay between a UCI host and `uwb uci serve` that can slip one message of its own into what
/// the server sends, between two whole packets: a UWBS that reports a fault in the middle of a session.
final class UCIFaultRelay: Sendable {
    /// The port the host connects to instead of the server's.
    let port: UInt16
    private let listener: TCPSocket
    /// The octets to slip in at the next packet boundary, until they are sent.
    private let pending = Mutex<[UInt8]?>(nil)

    /// A relay to the server on `serverPort`, for one host.
    init(serverPort: UInt16) throws {
        listener = try TCPSocket.listen(port: 0, sendTimeout: .seconds(5))
        port = listener.localPort
        Thread { [self] in
            guard let host = listener.accept(),
                  let server = try? TCPSocket.connect(port: serverPort, deadPeerTimeout: .seconds(60)) else { return }
            Thread { Self.copy(from: host, to: server) }.start()
            relayPackets(from: server, to: host)
            listener.close()
        }.start()
    }

    /// Sends `octets` (one whole UCI packet) to the host after the next packet the server sends.
    func slipIn(_ octets: [UInt8]) {
        pending.withLock { $0 = octets }
    }

    /// Copies octets as they come until either side closes.
    private static func copy(from source: TCPSocket, to destination: TCPSocket) {
        while let octets = try? source.read(upTo: 4_096), !octets.isEmpty {
            guard (try? destination.write(octets)) != nil else { break }
        }
        destination.close()
    }

    /// Copies the server's packets whole, each cut by its header (a data packet's length is octets 2–3,
    /// a control packet's octet 3), and sends what ``slipIn(_:)`` left after the packet it follows.
    private func relayPackets(from server: TCPSocket, to host: TCPSocket) {
        var buffer: [UInt8] = []
        while let octets = try? server.read(upTo: 4_096), !octets.isEmpty {
            buffer += octets
            while buffer.count >= 4 {
                let isData = buffer[0] >> 5 == 0
                let length = 4 + (isData ? Int(buffer[2]) | Int(buffer[3]) << 8 : Int(buffer[3]))
                guard buffer.count >= length else { break }
                let extra = pending.withLock { slipped -> [UInt8] in
                    defer { slipped = nil }
                    return slipped ?? []
                }
                guard (try? host.write(Array(buffer.prefix(length)) + extra)) != nil else { return }
                buffer.removeFirst(length)
            }
        }
        host.close()
    }
}
