/// The framing of the FT232H's bulk IN stream: every packet of `maxPacketSize` octets starts with
/// two status octets (modem status, line status), so a 512-octet high-speed packet carries 510
/// octets of data and a 64-octet full-speed packet 62 (`Docs/reference/ftdi-mpsse.md` §3).
public enum FT232HPacketStream {
    /// The status octets at the start of every IN packet.
    public static let statusLength = 2

    /// The status octets an idle FT232H in MPSSE mode sends: `32 60` (modem status 0x32 with CTS
    /// and DSR set and the high-speed low nibble; line status 0x60 = THRE | TEMT).
    public static let idleStatus: [UInt8] = [0x32, 0x60]

    /// The data of one received IN transfer: the status octets at offsets 0, `maxPacketSize`,
    /// 2 × `maxPacketSize`, … removed. A transfer of two octets or fewer carries no data.
    public static func payload(of transfer: [UInt8], maxPacketSize: Int) -> [UInt8] {
        guard maxPacketSize > statusLength else { return [] }
        var payload: [UInt8] = []
        payload.reserveCapacity(max(0, transfer.count - statusLength))
        var start = 0
        while start < transfer.count {
            let end = min(transfer.count, start + maxPacketSize)
            if start + statusLength < end {
                payload.append(contentsOf: transfer[(start + statusLength)..<end])
            }
            start = end
        }
        return payload
    }

    /// The IN buffer size for a reply of `payloadCount` octets: enough whole packets to hold it
    /// (at least one), because libusb needs a multiple of the packet size to avoid overflows.
    public static func capacity(forPayload payloadCount: Int, maxPacketSize: Int) -> Int {
        let perPacket = max(1, maxPacketSize - statusLength)
        let packets = max(1, (max(0, payloadCount) + perPacket - 1) / perPacket)
        return packets * maxPacketSize
    }
}
