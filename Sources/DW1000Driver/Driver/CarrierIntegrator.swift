import UWBCore

/// The DW1000 carrier integrator (DRX_CONF 0x27:28, 21-bit two's complement) and the clock
/// offset it measures, in both directions: the driver reads an offset from it, the emulator
/// writes the value that a true offset produces.
///
/// Hz = value × 998.4 MHz / 2 / 1024 / 131072 (/ 8192 instead of / 1024 at 110 kbps), and the
/// transmitter's offset relative to the receiver is −Hz / f_c (Decawave
/// `dw1000_read_carrier_integrator`, `dw1000_calc_clock_offset_ratio`; `Docs/reference/uwb-physics.md` §1.4).
public struct CarrierIntegrator: Hashable, Sendable {
    /// The smallest and largest 21-bit values.
    static let range: ClosedRange<Int64> = -0x10_0000...0x0F_FFFF

    /// The configuration of the receiver (channel and data rate set the scale).
    public let configuration: RadioConfig

    /// The integrator of a receiver in `configuration`.
    public init(configuration: RadioConfig) {
        self.configuration = configuration
    }

    /// The transmitter's clock offset relative to the receiver's for a raw register value
    /// (its low 21 bits): positive when the transmitter runs fast.
    public func clockOffset(registerValue: UInt64) -> ClockOffset {
        let raw = Int64(registerValue & 0x1F_FFFF)
        let signed = raw & 0x10_0000 != 0 ? raw - 0x20_0000 : raw
        return ClockOffset(partsPerMillion: -Double(signed) * partsPerMillionPerUnit)
    }

    /// The 21-bit register value (in the low bits) that reports `offset`, rounded and clamped to the
    /// register's range.
    public func registerValue(for offset: ClockOffset) -> UInt64 {
        let units = (-offset.partsPerMillion / partsPerMillionPerUnit).rounded()
        let clamped = Int64(max(Double(Self.range.lowerBound), min(Double(Self.range.upperBound), units)))
        return UInt64(bitPattern: clamped) & 0x1F_FFFF
    }

    /// ppm of clock offset per integrator unit (5.73e-4 at channel 5 and 850 kbps or 6.8 Mbps).
    private var partsPerMillionPerUnit: Double {
        DW1000Constants.carrierIntegratorHertzPerUnit(configuration.dataRate) * 1_000_000
            / configuration.channel.centreFrequency.hertz
    }
}
