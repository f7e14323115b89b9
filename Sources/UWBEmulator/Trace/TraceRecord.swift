/// One transmitted frame as the emulator's medium saw it: when, what, who sent it, and what
/// happened at each receiver.
///
/// A ``PcapngWriter`` turns each record into one pcapng Enhanced Packet Block; a
/// ``PcapngReader`` turns such blocks back into records.
public struct TraceRecord: Hashable, Sendable {
    /// When the frame went on the air, in picoseconds since the start of the simulation on the
    /// medium's global clock.
    ///
    /// The trace stores nanoseconds, so a record read back has this time rounded to the nearest
    /// nanosecond (see `PcapngTimestamp`). It must not be negative: ``PcapngWriter/append(_:)``
    /// refuses such a record.
    public var time: Int64
    /// The IEEE 802.15.4 MAC frame as sent: header, payload and the 2-octet FCS (low octet first).
    public var frame: [UInt8]
    /// The sending device's name (any text; the trace escapes it, see `TraceMetadataComment`).
    public var sender: String
    /// What became of the frame at each receiver, in the order the medium reports them.
    public var receptions: [TraceReception]

    /// A record of `frame`, sent by `sender` at `time` picoseconds, with its `receptions`.
    public init(time: Int64, frame: [UInt8], sender: String, receptions: [TraceReception]) {
        self.time = time
        self.frame = frame
        self.sender = sender
        self.receptions = receptions
    }
}
