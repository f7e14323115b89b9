/// ANDROID_GET_POWER_STATS_RSP's statistics: how long the UWBS has been idle, transmitting and
/// receiving, and how often it woke (pica `uci_packets.pdl`, `PowerStats`: status, then four
/// 32-bit little-endian counts).
public struct UCIPowerStatistics: Hashable, Sendable {
    /// The response's status.
    public var status: UCIStatus
    /// Milliseconds idle.
    public var idleMilliseconds: UInt32
    /// Milliseconds transmitting.
    public var transmitMilliseconds: UInt32
    /// Milliseconds receiving.
    public var receiveMilliseconds: UInt32
    /// How many times the UWBS woke from idle.
    public var wakeCount: UInt32

    /// Statistics with the given values.
    public init(status: UCIStatus, idleMilliseconds: UInt32, transmitMilliseconds: UInt32, receiveMilliseconds: UInt32, wakeCount: UInt32) {
        self.status = status
        self.idleMilliseconds = idleMilliseconds
        self.transmitMilliseconds = transmitMilliseconds
        self.receiveMilliseconds = receiveMilliseconds
        self.wakeCount = wakeCount
    }

    static func read(from reader: inout UCIPayloadReader) throws(UCIError) -> UCIPowerStatistics {
        UCIPowerStatistics(
            status: try reader.read(UCIStatus.self, "status"), idleMilliseconds: try reader.read(UInt32.self, "idle time"),
            transmitMilliseconds: try reader.read(UInt32.self, "TX time"), receiveMilliseconds: try reader.read(UInt32.self, "RX time"),
            wakeCount: try reader.read(UInt32.self, "total wake count"))
    }

    func write(to writer: inout UCIPayloadWriter) {
        writer.write(status)
        writer.write(idleMilliseconds)
        writer.write(transmitMilliseconds)
        writer.write(receiveMilliseconds)
        writer.write(wakeCount)
    }
}
