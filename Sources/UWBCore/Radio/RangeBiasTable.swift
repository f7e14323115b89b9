/// The DW1000's range bias as a function of received signal level: Decawave APS011 v1.1 tables, as copied into
/// `jkelleyrtp/dw1000-rs:dw1000/src/range_bias.rs` (`Docs/reference/uwb-physics.md` §3.1) [C].
///
/// Positive values mean the measured range is too long (a weak signal crosses the leading-edge threshold
/// late). The emulator adds it to the true range; the ranging engine subtracts it from a measured one, as
/// Decawave's code does.
public enum RangeBiasTable {
    /// Level of the first entry of each 500 MHz table: −93 dBm [C].
    public static let narrowbandStartLevel = PowerLevel(dBm: -93)
    /// Level of the first entry of each 900 MHz (channels 4 and 7) table: −95 dBm [C].
    public static let widebandStartLevel = PowerLevel(dBm: -95)
    /// Spacing of the entries in every table: 2 dB [C].
    public static let step = PowerRatio(decibels: 2)

    /// 500 MHz channels, 16 MHz PRF, −93 … −61 dBm, centimetres [C] APS011 v1.1. Zero at −81 dBm.
    public static let narrowband16MHz: [Double] = [
        11.0, 10.6, 9.7, 8.4, 6.5, 3.6, 0.0, -3.1, -5.9, -8.4, -10.9, -12.7, -14.3, -16.3, -17.9, -18.7, -19.8,
    ]
    /// 500 MHz channels, 64 MHz PRF, −93 … −61 dBm, centimetres [C] APS011 v1.1. Zero at −77 dBm.
    public static let narrowband64MHz: [Double] = [
        8.1, 7.6, 7.1, 6.2, 4.9, 4.2, 3.5, 2.1, 0.0, -2.7, -5.1, -6.9, -8.2, -9.3, -10.0, -10.5, -11.0,
    ]
    /// 900 MHz channels, 16 MHz PRF, −95 … −61 dBm, centimetres [C] APS011 v1.1. Zero at −75 dBm.
    public static let wideband16MHz: [Double] = [
        39.4, 35.6, 33.9, 32.1, 29.4, 25.4, 21.0, 15.8, 9.7, 4.2, 0.0, -5.1, -9.5, -13.8, -17.6, -21.0, -24.4, -27.5,
    ]
    /// 900 MHz channels, 64 MHz PRF, −95 … −61 dBm, centimetres [C] APS011 v1.1. Zero at −75 dBm.
    public static let wideband64MHz: [Double] = [
        28.4, 26.4, 24.5, 23.3, 19.7, 17.5, 15.3, 12.7, 9.1, 4.9, 0.0, -5.8, -10.0, -15.0, -19.9, -23.5, -26.6, -29.5,
    ]

    /// The bias at `receivedLevel`: linear interpolation between table entries, the end values outside the
    /// table's range (a NaN level reads as the weakest entry). `wideband` selects the 900 MHz tables (``Channel/isWideband``).
    public static func bias(receivedLevel: PowerLevel, prf: PulseRepetitionFrequency, wideband: Bool) -> Distance {
        let start = wideband ? widebandStartLevel : narrowbandStartLevel
        let table: [Double]
        switch (wideband, prf) {
        case (false, .sixteenMegahertz): table = narrowband16MHz
        case (false, .sixtyFourMegahertz): table = narrowband64MHz
        case (true, .sixteenMegahertz): table = wideband16MHz
        case (true, .sixtyFourMegahertz): table = wideband64MHz
        }
        let lastIndex = table.count - 1
        let offset = (receivedLevel.dBm - start.dBm) / step.decibels
        let position = offset.isNaN ? 0 : min(max(offset, 0), Double(lastIndex))
        let lower = min(Int(position), lastIndex - 1)
        let fraction = position - Double(lower)
        let centimetres = table[lower] + (table[lower + 1] - table[lower]) * fraction
        return .centimetres(centimetres)
    }
}
