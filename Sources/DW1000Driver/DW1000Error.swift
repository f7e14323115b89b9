import UWBCore

/// Why bringing up or calibrating a DW1000 failed.
public enum DW1000Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// The SPI bus failed.
    case bus(SPIBusError)
    /// DEV_ID did not read 0xDECA0130.
    case unexpectedDeviceID(UInt32, chip: ChipSelect)
    /// A bring-up step the driver polls for (named: the LDE microcode load or clock PLL lock) did
    /// not finish in the allowed number of reads.
    case stepDidNotFinish(String, chip: ChipSelect)
    /// An antenna delay does not fit its 16-bit register.
    case antennaDelayOutOfRange(DeviceDuration, which: String)
    /// The bus does not match the board description; the text says how.
    case boardMismatch(String)

    /// What went wrong, what it usually means, and what to check.
    public var description: String {
        switch self {
        case .bus(let error):
            "DW1000 bus: \(error)"
        case .unexpectedDeviceID(let value, let chip):
            "DEV_ID on \(chip) read \(hex32(value)), expected 0xDECA0130 (a DW1000): " + Self.diagnose(deviceID: value)
        case .stepDidNotFinish(let step, let chip):
            "the DW1000 on \(chip) did not finish \(step) after \(DW1000Constants.pollLimit) status reads; check its 38.4 MHz crystal, supply and reset line, then reset it"
        case .antennaDelayOutOfRange(let value, let which):
            "the \(which) antenna delay \(value) does not fit the 16-bit register (0...65535 ticks); calibrate again"
        case .boardMismatch(let detail):
            detail
        }
    }

    /// Whether `value` is DEV_ID read one bit early or late: the wire order of the octets is the
    /// reverse of the little-endian value, so shift that bit stream and ignore the bit that moved in.
    static func isOneBitShifted(_ value: UInt32) -> Bool {
        let wire = value.byteSwapped
        let expected = DW1000Constants.deviceID.byteSwapped
        return wire & ~1 == (expected << 1) & ~1 || wire & 0x7FFF_FFFF == expected >> 1
    }

    /// What a wrong DEV_ID most likely means.
    static func diagnose(deviceID value: UInt32) -> String {
        switch value {
        case 0x0000_0000:
            "MISO reads all zeros: no chip answers; check power, that RSTn is released, and the MISO wire"
        case 0xFFFF_FFFF:
            "MISO reads all ones: the line floats; check that the module is present and CS and MISO are wired to the right pins"
        case 0x3001_CADE:
            "the octets arrive reversed; the bus must deliver the body low octet first as the chip sends it"
        case _ where value >> 16 == 0xDECA && (value >> 8) & 0xFF == 0x03:
            // RIDTAG 0xDECA, MODEL 0x03: the DW3000 family (`Docs/reference/dw3000-registers.md`).
            "this is a DW3000-family chip: use a DW3000 board description (UWB_BOARD; `uwb devices` lists the ones that fit)"
        case _ where value >> 16 == 0xDECA:
            "this is a Decawave chip of another model (\(hex32(value))), which this driver does not support"
        case _ where isOneBitShifted(value):
            "the bits arrive one clock early or late: the SPI mode (clock phase) is wrong; use mode 0"
        default:
            "the value is not recognisable: check the wiring, the SPI mode (0) and a clock of at most 3 MHz before the PLL locks"
        }
    }
}

/// `value` as `0x` and 8 hexadecimal digits.
func hex32(_ value: UInt32) -> String {
    "0x" + hex(UInt64(value), digits: 8)
}
