/// Which FT232H pins a chip's chip-select, interrupt and reset lines are wired to.
///
/// SCK, MOSI and MISO are shared by all chips and always on ADBUS0–ADBUS2.
public struct ChipWiring: Hashable, Sendable {
    /// The pin driving the chip's SPICSn (active low).
    public var cs: FT232HPin
    /// The pin reading the chip's IRQ output (active high by default).
    public var irq: FT232HPin
    /// The pin driving the chip's RSTn (pulled low to reset, then released).
    public var reset: FT232HPin

    /// Wiring with the given pins; ``BoardDescription`` checks that they do not clash.
    public init(cs: FT232HPin, irq: FT232HPin, reset: FT232HPin) {
        self.cs = cs
        self.irq = irq
        self.reset = reset
    }
}
