/// Conversion between simulation time (picoseconds) and pcapng timestamps.
///
/// A pcapng timestamp is an unsigned 64-bit count of units since 1970-01-01 00:00:00 UTC; the
/// unit is set per interface by `if_tsresol`, whose default is 10⁻⁶ s. A value with the top bit
/// clear means 10^-value seconds (draft-ietf-opsawg-pcapng §4.2).
///
/// Writing: swift-uwb traces use nanoseconds (`if_tsresol` = 9) and put the start of the
/// simulation at the Unix epoch, so Wireshark's "Epoch Time" (`frame.time_epoch`) reads as
/// seconds since the start of the run. Picoseconds would be lossless and the spec allows
/// them, but tshark 4.0.17 (Debian 12) misreads them: a packet at 1.234567890123 s written with
/// `if_tsresol` = 12 is shown at 1.013206961 s (checked here, November 2026), while nanoseconds
/// show correctly. A simulation time is converted by rounding to the nearest nanosecond, halves
/// away from zero (1 499 ps → 1 ns, 1 500 ps → 2 ns); a trace therefore resolves time to 1 ns
/// (30 cm of radio flight), finer than anything Wireshark displays.
///
/// Reading: any power-of-ten resolution from 10⁰ to 10⁻¹² s converts exactly to picoseconds.
package enum PcapngTimestamp {
    /// The `if_tsresol` value written: 10⁻⁹ s.
    package static let writtenResolution: UInt8 = 9
    /// The resolution when an interface has no `if_tsresol` option: 10⁻⁶ s (§4.2).
    package static let defaultResolution: UInt8 = 6
    /// The finest resolution the reader converts: 10⁻¹² s, the simulation's own unit.
    private static let picosecondExponent: UInt8 = 12

    /// `picoseconds` rounded to the nearest nanosecond (halves up), or `nil` when negative.
    package static func nanoseconds(fromPicoseconds picoseconds: Int64) -> UInt64? {
        guard picoseconds >= 0 else { return nil }
        let (quotient, remainder) = picoseconds.quotientAndRemainder(dividingBy: 1_000)
        return UInt64(quotient) + (remainder >= 500 ? 1 : 0)
    }

    /// Whether the reader converts timestamps of the `if_tsresol` value `resolution`.
    package static func isSupported(resolution: UInt8) -> Bool {
        resolution <= picosecondExponent
    }

    /// `units` of 10^-`resolution` seconds in picoseconds, or `nil` when the result does not fit
    /// an `Int64` or `resolution` is not supported (see ``isSupported(resolution:)``).
    package static func picoseconds(fromUnits units: UInt64, resolution: UInt8) -> Int64? {
        guard isSupported(resolution: resolution) else { return nil }
        var scale: UInt64 = 1
        for _ in resolution..<picosecondExponent {
            scale *= 10
        }
        let (product, overflow) = units.multipliedReportingOverflow(by: scale)
        guard !overflow else { return nil }
        return Int64(exactly: product)
    }
}
