/// The DW1000 system clock that timestamps every frame: the one place its tick is defined.
///
/// One tick is 1/(128 × 499.2 MHz) ≈ 15.650040 ps (DW1000 User Manual v2.12 §7.2.8 and p.100;
/// `DWT_TIME_UNITS` in Decawave's driver). It is *not* 1/64 ns: that shortcut is 0.16 % off.
/// Counters (SYS_TIME, RX_TIME, TX_TIME, DX_TIME) are 40 bits wide and wrap every 2⁴⁰ ticks ≈ 17.2074 s.
public enum DeviceClock {
    /// Ticks per second: 128 × 499.2 MHz = 63.8976 GHz.
    public static let ticksPerSecond: Double = 128 * 499_200_000

    /// The width of every device-time counter, in bits.
    public static let counterBits = 40

    /// The number of distinct counter values, 2⁴⁰.
    public static let modulus: UInt64 = 1 << 40

    /// The largest counter value, 2⁴⁰ − 1.
    public static let maximumTicks: UInt64 = modulus - 1

    /// The counter period: 2⁴⁰ ticks ≈ 17.2074 s.
    public static var wrapPeriod: DeviceDuration { DeviceDuration(ticks: Int64(modulus)) }
}
