/// Which of a board's two SPI clocks a bus drives its chips with (``SPISettings``).
///
/// A DW1000 takes at most 3 MHz until its PLL has locked and up to 20 MHz afterwards (DW1000 User
/// Manual §2.3.2), so the driver asks for ``initial`` before it resets a chip and for ``fast`` once
/// the chip's clock PLL has locked.
public enum SPIClock: Hashable, Sendable, CustomStringConvertible {
    /// ``SPISettings/initialClock``: safe before the PLL locks.
    case initial
    /// ``SPISettings/fastClock``: once the PLL has locked.
    case fast

    /// `initial` or `fast`.
    public var description: String {
        switch self {
        case .initial: "initial"
        case .fast: "fast"
        }
    }
}
