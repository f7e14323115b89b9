import Foundation
import Synchronization
import UCI
import UWBCore

/// One host's connection: its socket, the outbox the world fills and a writer thread of its own
/// drains, and the gate that bounds how many of its messages wait in the world.
///
/// The world never blocks on a host: ``send(_:)`` encodes, segments and queues. A host that stops
/// reading is disconnected once ``UCIOutbox/limit`` octets wait for it, with a line on standard
/// error, and its reader then ends, so the room frees its device. Every packet is recorded in
/// the trace, if any, as its write starts (``UCITraceDirection/sent``).
///
/// `@unchecked Sendable`: ``deviceName`` is set and read on the world's thread only; the rest is
/// immutable or thread-safe (outbox, gate, socket, trace, the closed flag).
final class UCIConnection: @unchecked Sendable {
    /// The connection's socket.
    let socket: TCPSocket
    /// Its name in log lines and traces: "host N", N counting connections from 1.
    let name: String
    /// The UCI layouts the host speaks (the server's UCI version's).
    let revision: UCIProtocolRevision
    /// Bounds the host's messages waiting in the world (taken by the reader, given back by the world).
    let gate: UCIInboxGate
    /// The device the room gave the host, for log lines; world's thread only.
    var deviceName: String?
    /// What the world queued and the writer has not sent.
    private let outbox: UCIOutbox
    /// Where every packet sent is recorded, if anywhere.
    private let trace: UCITraceWriter?
    /// Called on the world's thread with each message's packets as they are queued (benchmarks).
    private let observe: (([[UInt8]]) -> Void)?
    /// Whether ``close()`` has run.
    private let isClosed = Atomic<Bool>(false)

    /// A connection on `socket` named `name`, with the limits and UCI version of `settings`,
    /// recording its packets in `trace` and showing them to `observe` as they are queued. Nothing
    /// is written before ``startWriting()``.
    init(
        socket: TCPSocket, name: String, settings: UCIServerSettings, trace: UCITraceWriter?,
        observe: (([[UInt8]]) -> Void)? = nil
    ) {
        self.socket = socket
        self.name = name
        revision = settings.uciVersion.revision
        self.trace = trace
        self.observe = observe
        gate = UCIInboxGate(limit: settings.inboxLimit)
        outbox = UCIOutbox(limit: settings.outboxLimit)
    }

    /// Starts the writer thread: it sends what the outbox holds until the outbox is closed or
    /// a write fails, then closes the socket.
    func startWriting() {
        let thread = Thread { [self] in
            Thread.current.name = "uwb uci \(name) writer"
            while let packets = outbox.take() {
                // Recorded as the write starts, so a packet the host has read is in the trace.
                let now = Date()
                for packet in packets {
                    trace?.record(packet, direction: .sent, at: now, connection: name)
                }
                do {
                    try socket.write(Array(packets.joined()))
                } catch {
                    break
                }
            }
            close()
        }
        thread.start()
    }

    /// Queues `message` for the host, in the UCI version the server serves; disconnects a
    /// host that has left too much unread. Never blocks.
    func send(_ message: UCIMessage) {
        let packets: [[UInt8]]
        do {
            packets = try message.encoded(version: revision).packetOctets()
        } catch {
            // Our own messages always encode; one that does not is reported as the UWBS's failure.
            packets = [(try? UCIMessage.notification(.genericError(.failed)).encoded(version: revision).encoded()) ?? []]
        }
        observe?(packets)
        guard !outbox.enqueue(packets), !isClosed.load(ordering: .relaxed) else { return }
        disconnectStalled()
    }

    /// Sends what is queued, then closes the connection (a host turned away).
    func finish() {
        outbox.finish()
    }

    /// Closes the connection at once, dropping what is queued: the reader and the writer end.
    /// Any thread; closing twice does nothing more.
    func close() {
        guard !isClosed.exchange(true, ordering: .relaxed) else { return }
        outbox.close()
        gate.close()
        socket.close()
    }

    /// Closes a connection whose host has not read what the world sent it, saying so on
    /// standard error.
    private func disconnectStalled() {
        let device = deviceName.map { " (device \($0))" } ?? ""
        let line = "uwb uci serve: disconnected \(name)\(device): \(outbox.octetCount) octets of UCI messages wait "
            + "unread, and the next would pass the outbox limit of \(outbox.limit) octets; a host must read its "
            + "notifications as they come (UCIServerSettings.outboxLimit)\n"
        close()
        FileHandle.standardError.write(Data(line.utf8))
    }
}
