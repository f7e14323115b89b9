/// A pin of an FTDI FT232H that the host can drive or read in MPSSE mode.
///
/// ADBUS0–ADBUS3 carry SPI (SCK, MOSI, MISO, and the first CS#), ADBUS4–ADBUS7 are GPIOL0–GPIOL3
/// (set with MPSSE 0x80, read with 0x81) and ACBUS0–ACBUS7 are GPIOH0–GPIOH7 (0x82, 0x83).
/// ACBUS8 and ACBUS9 are not reachable in MPSSE mode, so they are not listed.
/// The raw value is the pin's name as a board description spells it, for example `"ADBUS3"`.
public enum FT232HPin: String, CaseIterable, Hashable, Sendable, CustomStringConvertible {
    /// ADBUS0: SPI SCK.
    case adbus0 = "ADBUS0"
    /// ADBUS1: SPI MOSI.
    case adbus1 = "ADBUS1"
    /// ADBUS2: SPI MISO.
    case adbus2 = "ADBUS2"
    /// ADBUS3: the MPSSE's own CS# (TMS/CS).
    case adbus3 = "ADBUS3"
    /// ADBUS4: GPIOL0.
    case adbus4 = "ADBUS4"
    /// ADBUS5: GPIOL1, the pin MPSSE opcode 0x88 can wait on.
    case adbus5 = "ADBUS5"
    /// ADBUS6: GPIOL2.
    case adbus6 = "ADBUS6"
    /// ADBUS7: GPIOL3.
    case adbus7 = "ADBUS7"
    /// ACBUS0: GPIOH0.
    case acbus0 = "ACBUS0"
    /// ACBUS1: GPIOH1.
    case acbus1 = "ACBUS1"
    /// ACBUS2: GPIOH2.
    case acbus2 = "ACBUS2"
    /// ACBUS3: GPIOH3.
    case acbus3 = "ACBUS3"
    /// ACBUS4: GPIOH4.
    case acbus4 = "ACBUS4"
    /// ACBUS5: GPIOH5.
    case acbus5 = "ACBUS5"
    /// ACBUS6: GPIOH6.
    case acbus6 = "ACBUS6"
    /// ACBUS7: GPIOH7.
    case acbus7 = "ACBUS7"

    /// Whether the MPSSE engine drives this pin as part of SPI (SCK, MOSI or MISO), so it cannot
    /// serve as a chip's CS, IRQ or reset line.
    public var isSPIDataPin: Bool {
        switch self {
        case .adbus0, .adbus1, .adbus2: true
        default: false
        }
    }

    /// The pin's name, for example `ADBUS3`.
    public var description: String { rawValue }
}
