import UWBCore
import UWBEmulator

/// The emulator service's wire format, version 5 (`Docs/emulator-service.md`): each message is a
/// 32-bit little-endian length, then that many octets: a type octet and the body. Multi-octet
/// integers are little-endian; times are virtual picoseconds since the world began (64 bits,
/// all ones for "never").
///
/// | Type | Direction | Body |
/// |---|---|---|
/// | 0x01 HELLO | client → service | version (16), device name length (8), name (UTF-8) |
/// | 0x02 TRANSFER | client → service | chip (8), header length (8, 1–3), header, kind (8: 0 write, 1 read), length (16), data if writing |
/// | 0x03 IRQ | client → service | chip (8) |
/// | 0x04 RESET | client → service | chip (8) |
/// | 0x05 WAIT | client → service | chip mask (8), deadline (64) |
/// | 0x06 WAKE | client → service | — (no reply of its own) |
/// | 0x07 TRANSFERS | client → service | chip (8), count (8, 1–255), then each transaction as in TRANSFER after its chip |
/// | 0x08 OBSERVE | observer → service | version (16); first instead of HELLO, then once per snapshot wanted |
/// | 0x09 REPORT | client → service | peer short address (16), then a measurement: flags (8: bit 0 azimuth, bit 1 elevation, bit 2 NLOS judged, bit 3 NLOS, bit 4 no distance, bit 5 figure of merit, bit 6 levels, bit 7 failed checks), time (64), distance (binary64 metres) unless bit 4, azimuth and elevation (binary64 radians), figure of merit (binary64), received and first-path levels (binary64 dBm), failed checks (8), each if flagged; no reply |
/// | 0x0A REPORT POSITION | client → service | covariance size (8: 2 or 3), time (64), x, y, z (binary64 metres), covariance row by row (binary64 m², 4 or 9 values); no reply |
/// | 0x81 WELCOME | service → client | version (16), board id length (8), board id (UTF-8), now (64) |
/// | 0x82 DATA | service → client | length (16), octets read (none for a write) |
/// | 0x83 LEVEL | service → client | IRQ line (8: 0 low, 1 high) |
/// | 0x84 DONE | service → client | — |
/// | 0x85 WOKE | service → client | now (64), interrupt lines (8, bit n for chip n) |
/// | 0x86 BATCH | service → client | count (8), then each: length (16), octets read |
/// | 0x87 SNAPSHOT | service → observer | the room (``EmulatorSnapshot``'s wire body); up to ``snapshotMaximumLength`` octets |
/// | 0xEE ERROR | service → client | message length (16), message (UTF-8); the service then closes |
///
/// Virtual time moves only while every attached client waits (``EmulatorRequest/wait(chips:deadline:)``);
/// WELCOME and WOKE give a client its turn, during which the world stands still. An observer
/// (OBSERVE instead of HELLO) takes no turn: the world never waits for it.
///
/// Version 3 added OBSERVE and SNAPSHOT, version 4 REPORT and the measurements in SNAPSHOT's
/// links, version 5 REPORT's quality fields, REPORT POSITION and the fixes in SNAPSHOT's devices;
/// none changed what an older app says, so the service still attaches apps speaking version 2, 3
/// or 4 (``appVersions``), and its WELCOME carries the version the app spoke. Only an app of
/// ``reportingVersion`` or later may send REPORT, and of ``positionReportingVersion`` or later
/// REPORT POSITION; an observer must speak ``version``.
public enum EmulatorWire {
    /// The version this code speaks.
    public static let version: UInt16 = 5
    /// The versions of HELLO the service attaches: what apps say has only grown since version 2.
    public static let appVersions: ClosedRange<UInt16> = 2...version
    /// The first version whose apps may send REPORT (``EmulatorRequest/report(_:)``).
    public static let reportingVersion: UInt16 = 4
    /// The first version whose apps may send REPORT POSITION (``EmulatorRequest/position(_:)``).
    public static let positionReportingVersion: UInt16 = 5
    /// The largest message accepted: a full DW1000 buffer read with room to spare.
    public static let maximumLength = 4096
    /// The largest SNAPSHOT an observer accepts: a room of hundreds of devices, every pair a link,
    /// with room to spare.
    public static let snapshotMaximumLength = 1 << 22
    /// The deadline field's value for "never".
    static let never = UInt64.max

    /// Reads one message's octets (type and body) from `socket`. The message must begin by
    /// `start` and, once begun, end within `limit` of its first octet; nil waits as long as it
    /// takes. A message longer than `longest` octets is refused.
    ///
    /// - Throws: ``EmulatorServiceError``: a lost connection, a message late or cut short, or a
    ///   length out of range.
    public static func receive(
        from socket: UnixSocket, startingBy start: ContinuousClock.Instant? = nil, finishingWithin limit: Duration? = nil,
        longest: Int = maximumLength
    ) throws(EmulatorServiceError) -> [UInt8] {
        let first = try socket.read(count: 1, by: start)
        let deadline = limit.map { ContinuousClock.now + $0 }
        let prefix = first + (try socket.read(count: 3, by: deadline))
        let length = prefix.enumerated().reduce(0) { $0 | Int($1.element) << (8 * $1.offset) }
        guard (1...longest).contains(length) else {
            throw .malformed("a message of \(length) octets (1…\(longest) allowed)")
        }
        return try socket.read(count: length, by: deadline)
    }

    /// Sends one message (type and body) on `socket`, with its length.
    ///
    /// - Throws: ``EmulatorServiceError/connectionLost(_:)``.
    public static func send(_ message: [UInt8], on socket: UnixSocket) throws(EmulatorServiceError) {
        try socket.write(little(UInt32(message.count)) + message)
    }

    /// `value`'s octets, least significant first.
    static func little<Value: FixedWidthInteger & UnsignedInteger>(_ value: Value) -> [UInt8] {
        (0..<(Value.bitWidth / 8)).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    /// A time as the wire carries it.
    static func encode(_ time: SimulationTime?) -> UInt64 {
        time.map { UInt64(max($0.picoseconds, 0)) } ?? never
    }

    /// The time a wire field carries; nil for "never".
    ///
    /// - Throws: ``EmulatorServiceError/malformed(_:)`` for a value beyond the largest time.
    static func decodeTime(_ value: UInt64, _ field: String) throws(EmulatorServiceError) -> SimulationTime? {
        guard value != never else { return nil }
        guard let picoseconds = Int64(exactly: value) else {
            throw .malformed("a \(field) of \(value) ps, beyond the largest virtual time")
        }
        return SimulationTime(picoseconds: picoseconds)
    }
}
