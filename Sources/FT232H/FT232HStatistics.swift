/// What an ``FT232HSPIBus`` has cost in USB traffic since it was created.
public struct FT232HStatistics: Hashable, Sendable, CustomStringConvertible {
    /// Exchanges that wrote commands and then waited for the reply: one bulk OUT followed by the
    /// bulk IN transfers that carried the answer.
    public var roundTrips = 0
    /// Bulk OUT transfers (to endpoint 0x02).
    public var bulkWrites = 0
    /// Bulk IN transfers (from endpoint 0x81), status-only ones included.
    public var bulkReads = 0
    /// IN transfers that carried only status octets.
    public var statusOnlyReads = 0
    /// Octets sent in bulk OUT transfers.
    public var bytesWritten = 0
    /// Octets received in bulk IN transfers, status octets included.
    public var bytesRead = 0
    /// Data octets received once the status octets were stripped.
    public var payloadBytesRead = 0
    /// Vendor control requests sent.
    public var controlRequests = 0

    /// All zero.
    public init() {}

    /// The traffic from `earlier` to `self`.
    public func since(_ earlier: FT232HStatistics) -> FT232HStatistics {
        var difference = FT232HStatistics()
        difference.roundTrips = roundTrips - earlier.roundTrips
        difference.bulkWrites = bulkWrites - earlier.bulkWrites
        difference.bulkReads = bulkReads - earlier.bulkReads
        difference.statusOnlyReads = statusOnlyReads - earlier.statusOnlyReads
        difference.bytesWritten = bytesWritten - earlier.bytesWritten
        difference.bytesRead = bytesRead - earlier.bytesRead
        difference.payloadBytesRead = payloadBytesRead - earlier.payloadBytesRead
        difference.controlRequests = controlRequests - earlier.controlRequests
        return difference
    }

    /// For example `2 round trips, 2 writes (40 B), 2 reads (14 B, 10 B data), 0 control requests`.
    public var description: String {
        "\(roundTrips) round trip\(roundTrips == 1 ? "" : "s"), \(bulkWrites) write\(bulkWrites == 1 ? "" : "s") (\(bytesWritten) B), "
            + "\(bulkReads) read\(bulkReads == 1 ? "" : "s") (\(bytesRead) B, \(payloadBytesRead) B data), "
            + "\(controlRequests) control request\(controlRequests == 1 ? "" : "s")"
    }
}
