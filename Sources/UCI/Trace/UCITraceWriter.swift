import Foundation
import UWBCore

/// Writes UCI packets to a pcapng file that Wireshark's FiRa UCI dissector reads: every packet
/// as it was on the wire (its 4-octet header and payload, one block per segment), with its time
/// and direction, one interface per connection.
///
/// Layout (draft-ietf-opsawg-pcapng): a Section Header Block (`shb_userappl` "swift-uwb"); an
/// Interface Description Block per connection, written before the connection's first packet:
/// link type 299 (LINKTYPE_FIRA_UCI), `if_name` the connection's name, `if_tsresol` 9
/// (nanoseconds); an Enhanced Packet Block per packet: that interface, the time since the Unix
/// epoch, the packet, and `epb_flags` with the direction (inbound 01 for
/// ``UCITraceDirection/received``, outbound 10 for ``UCITraceDirection/sent``). Blocks are
/// written in the order recorded. google/pica writes link type 293 and no direction; see
/// `Docs/uci.md`, "Traces".
///
/// Any thread may record; records are serialised. A write that fails is kept and thrown by
/// ``close()``, and nothing more is written, so recording never interrupts the traffic it traces.
///
/// `@unchecked Sendable`: every stored property but the immutable path is guarded by `lock`.
public final class UCITraceWriter: @unchecked Sendable {
    /// The file's path, for messages.
    public let path: String
    /// Serialises records, flushes and closing.
    private let lock = NSLock()
    /// The open file; nil once closed.
    private var output: PcapngFileOutput?
    /// The interface number of each connection seen so far.
    private var interfaces: [String: UInt32] = [:]
    /// The first write that failed; nothing is written after it.
    private var failure: UCITraceError?

    /// Creates (or empties) the file at `path` and writes the section header.
    ///
    /// - Throws: ``UCITraceError/cannotWrite(path:reason:)`` if it cannot be created or written.
    public init(path: String) throws(UCITraceError) {
        self.path = path
        do {
            let output = try PcapngFileOutput(path: path)
            try output.append(PcapngBlockLayout.sectionHeader)
            try output.flush()
            self.output = output
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
    }

    /// Adds `packet` (one UCI packet: header and payload) that went `direction` at `time` on
    /// the connection named `connection` (its interface's name; a new name opens a new
    /// interface). Does nothing once closed or after a failed write.
    public func record(_ packet: [UInt8], direction: UCITraceDirection, at time: Date, connection: String) {
        let nanoseconds = UInt64(max(0, (time.timeIntervalSince1970 * 1e9).rounded()))
        let flags = direction == .received ? PcapngFormat.inboundFlags : PcapngFormat.outboundFlags
        lock.lock()
        defer { lock.unlock() }
        guard let output, failure == nil else { return }
        var blocks: [UInt8] = []
        let interface: UInt32
        if let known = interfaces[connection] {
            interface = known
        } else {
            interface = UInt32(interfaces.count)
            interfaces[connection] = interface
            blocks += PcapngBlockLayout.interfaceDescription(linkType: PcapngFormat.linkTypeFiraUCI, name: connection)
        }
        let flagOctets = (0..<4).map { UInt8(truncatingIfNeeded: flags >> (8 * $0)) }
        blocks += PcapngBlockLayout.enhancedPacket(
            interface: interface, nanoseconds: nanoseconds, data: packet, options: [(PcapngFormat.flagsOption, flagOctets)]) ?? []
        do {
            try output.append(blocks)
        } catch {
            failure = .cannotWrite(path: path, reason: error.reason)
        }
    }

    /// Writes what is buffered, so that a reader of the file sees every packet recorded.
    ///
    /// - Throws: ``UCITraceError/cannotWrite(path:reason:)`` for this or an earlier failed write.
    public func flush() throws(UCITraceError) {
        try finishing(closes: false)
    }

    /// Writes what is buffered and closes the file; later records are ignored. Closing twice
    /// does nothing more.
    ///
    /// - Throws: ``UCITraceError/cannotWrite(path:reason:)`` for this or an earlier failed write.
    public func close() throws(UCITraceError) {
        try finishing(closes: true)
    }

    /// Flushes, or finishes and forgets, the output; throws the first failure.
    private func finishing(closes: Bool) throws(UCITraceError) {
        lock.lock()
        defer { lock.unlock() }
        if let output, failure == nil {
            do {
                try closes ? output.finish() : output.flush()
            } catch {
                failure = .cannotWrite(path: path, reason: error.reason)
            }
        }
        if closes { output = nil }
        if let failure { throw failure }
    }
}
