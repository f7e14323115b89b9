/// A reading of a DW1000 40-bit device clock (SYS_TIME, RX_TIME, TX_TIME, DX_TIME).
///
/// The counter wraps modulo 2⁴⁰ (about every 17.2 s), so two readings have no meaningful order:
/// `DeviceTime` is deliberately not `Comparable`. Compare readings through the spans between them:
/// ``elapsed(since:)`` when you know which came first, and `a - b` between two readings for the
/// signed ``DeviceDuration`` of smallest magnitude.
public struct DeviceTime: Hashable, Sendable, CustomStringConvertible {
    /// The counter value, always below 2⁴⁰.
    public let ticks: UInt64

    /// A reading with the given counter value.
    ///
    /// - Throws: ``DeviceTimeError/outOfRange(_:)`` if `ticks` does not fit in 40 bits.
    public init(ticks: UInt64) throws(DeviceTimeError) {
        guard ticks <= DeviceClock.maximumTicks else { throw .outOfRange(ticks) }
        self.ticks = ticks
    }

    /// The reading that `ticks` wraps to: its value modulo 2⁴⁰.
    public init(wrapping ticks: UInt64) {
        self.ticks = ticks & DeviceClock.maximumTicks
    }

    /// A reading from the 5 little-endian octets a DW1000 register holds.
    ///
    /// - Throws: ``DeviceTimeError/wrongOctetCount(_:)`` unless exactly 5 octets are given.
    public init(littleEndianOctets octets: some Collection<UInt8>) throws(DeviceTimeError) {
        guard octets.count == 5 else { throw .wrongOctetCount(octets.count) }
        var value: UInt64 = 0
        for (index, octet) in octets.enumerated() {
            value |= UInt64(octet) << (8 * index)
        }
        self.ticks = value
    }

    /// The 5 little-endian octets that represent this reading in a DW1000 register.
    public var littleEndianOctets: [UInt8] {
        (0..<5).map { UInt8(truncatingIfNeeded: ticks >> (8 * $0)) }
    }

    /// The counter at zero.
    public static let zero = DeviceTime(wrapping: 0)

    /// The largest counter value, 2⁴⁰ − 1 ticks; one tick later the counter reads zero.
    public static let max = DeviceTime(wrapping: DeviceClock.maximumTicks)

    /// The forward span from `earlier` to this reading, in [0, 2⁴⁰) ticks.
    ///
    /// Use this when `earlier` is known to have happened first and less than one wrap period ago,
    /// as in two-way ranging, where every interval is far shorter than 17.2 s.
    public func elapsed(since earlier: DeviceTime) -> DeviceDuration {
        DeviceDuration(ticks: Int64((ticks &- earlier.ticks) & DeviceClock.maximumTicks))
    }

    /// The reading `duration` later (or earlier, if negative), wrapped modulo 2⁴⁰.
    public static func + (time: DeviceTime, duration: DeviceDuration) -> DeviceTime {
        DeviceTime(wrapping: time.ticks &+ UInt64(bitPattern: duration.ticks))
    }

    /// The reading `duration` earlier (or later, if negative), wrapped modulo 2⁴⁰.
    public static func - (time: DeviceTime, duration: DeviceDuration) -> DeviceTime {
        DeviceTime(wrapping: time.ticks &- UInt64(bitPattern: duration.ticks))
    }

    /// The signed span from `rhs` to `lhs` with the smallest magnitude, in (−2³⁹, 2³⁹] ticks.
    public static func - (lhs: DeviceTime, rhs: DeviceTime) -> DeviceDuration {
        let forward = lhs.elapsed(since: rhs).ticks
        let half = Int64(DeviceClock.modulus / 2)
        return DeviceDuration(ticks: forward > half ? forward - Int64(DeviceClock.modulus) : forward)
    }

    /// The counter value in hexadecimal, for example `0x00_1234_5678`.
    public var description: String {
        "0x" + hexDigits(ticks, count: 10)
    }
}
