import UWBCore

/// Why bringing up or configuring a DW3000 failed.
public enum DW3000Error: Error, Hashable, Sendable, CustomStringConvertible {
    /// The SPI bus failed.
    case bus(SPIBusError)
    /// DEV_ID did not read a DW3000's identifier.
    case unexpectedDeviceID(UInt32, chip: ChipSelect)
    /// A step the driver polls for (named) did not finish in the allowed number of reads.
    case stepDidNotFinish(String, chip: ChipSelect)
    /// An OTP word holds a value the chip cannot use: the word's name and address, the field, the
    /// value read and what is allowed.
    case otpValueOutOfRange(word: String, address: UInt16, field: String, value: UInt64, allowed: String)
    /// The receiver's PGF calibration reported a failure in the named result register.
    case calibrationFailed(register: String, value: UInt64)
    /// An STS key or IV does not have the 16 octets of its register (named).
    case secretWrongLength(register: String, octets: Int)
    /// An antenna delay does not fit its 16-bit register.
    case antennaDelayOutOfRange(DeviceDuration, register: String)

    /// What went wrong, what it usually means, and what to do.
    public var description: String {
        switch self {
        case .bus(let error):
            "DW3000 bus: \(error)"
        case .unexpectedDeviceID(let value, let chip):
            "DEV_ID on \(chip) read \(Self.hex(UInt64(value), digits: 8)), expected 0xDECA0302 or 0xDECA0312 (a DW3000): "
                + Self.diagnose(deviceID: value)
        case .stepDidNotFinish(let step, let chip):
            "the DW3000 on \(chip) did not finish \(step) after \(DW3000Constants.pollLimit) reads; "
                + "check its 38.4 MHz crystal, supply and reset line, then reset it"
        case .otpValueOutOfRange(let word, let address, let field, let value, let allowed):
            "OTP word \(Self.hex(UInt64(address), digits: 2)) (\(word)) field \(field) reads \(Self.hex(value, digits: 2)), "
                + "outside \(allowed); the chip's calibration memory is not usable, so use another chip or ask Qorvo"
        case .calibrationFailed(let register, let value):
            "the receiver calibration failed: \(register) reads \(Self.hex(value, digits: 8)); reset the chip and configure it again"
        case .secretWrongLength(let register, let octets):
            "\(register) takes 16 octets (128 bits) but \(octets) were given; pass a 128-bit value"
        case .antennaDelayOutOfRange(let value, let register):
            "the antenna delay \(value) does not fit \(register) (0...65535 ticks); calibrate again"
        }
    }

    /// What a wrong DEV_ID most likely means.
    static func diagnose(deviceID value: UInt32) -> String {
        switch value {
        case DW3000Constants.dw1000DeviceID:
            "this is a DW1000 (it answers 0xDECA0130): use a DW1000 board description (UWB_BOARD; `uwb devices` lists the ones that fit)"
        case 0x0000_0000:
            "MISO reads all zeros: no chip answers; check power, that RSTn is released, and the MISO wire"
        case 0xFFFF_FFFF:
            "MISO reads all ones: the line floats; check that the module is present and CS and MISO are wired to the right pins"
        case _ where value >> 16 == 0xDECA:
            "this is a Decawave chip of another model, which this driver does not support"
        default:
            "the value is not recognisable: check the wiring, the SPI mode (0) and a clock of at most 7 MHz before the PLL locks"
        }
    }

    /// `value` as `0x` and at least `digits` upper-case hexadecimal digits.
    static func hex(_ value: UInt64, digits: Int) -> String {
        "0x" + hexDigits(value, octets: (digits + 1) / 2, uppercase: true)
    }
}
