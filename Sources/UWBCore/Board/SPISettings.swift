/// The SPI clocks and mode a board's chips are driven with.
///
/// A DW1000 must be clocked at 3 MHz or less until its PLL locks (after power-up, reset, and any
/// step that switches it back to the 19.2 MHz crystal clock) and at 20 MHz or less afterwards
/// (DW1000 User Manual §2.3.2, §7.2.17).
public struct SPISettings: Hashable, Sendable {
    /// The SCK frequency used before the chip's PLL locks (at most ``maximumInitialClock``).
    public var initialClock: Frequency
    /// The SCK frequency used once the PLL has locked (at most ``maximumFastClock``).
    public var fastClock: Frequency
    /// The SPI mode (CPOL × 2 + CPHA). Only mode 0 is supported.
    public var mode: Int

    /// Settings with the given clocks and mode; ``BoardDescription`` checks them.
    public init(initialClock: Frequency, fastClock: Frequency, mode: Int) {
        self.initialClock = initialClock
        self.fastClock = fastClock
        self.mode = mode
    }

    /// The fastest SCK a DW1000 accepts before its PLL locks: 3 MHz.
    public static let maximumInitialClock = Frequency.megahertz(3)

    /// The fastest SCK a DW1000 accepts at all: 20 MHz.
    public static let maximumFastClock = Frequency.megahertz(20)

    /// The slowest SCK an FT232H can make: 60 MHz / ((1 + 0xFFFF) × 2) ≈ 457.8 Hz.
    public static let minimumClock = Frequency(hertz: 60_000_000 / 131_072)

    /// The SPI modes the FT232H backend drives: mode 0 (clock idles low, data sampled on the
    /// rising edge), which is how DW1000 modules are strapped (GPIO5/SPIPHA and GPIO6/SPIPOL low).
    public static let supportedModes = [0]
}
