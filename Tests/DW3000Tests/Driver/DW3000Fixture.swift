import DW3000Driver
import UWBCore
import UWBTestSupport

/// A fake DW3000 on a ``FakeSPIBus``: registers preset as a chip answers them after reset, OTP
/// words scripted in the order the driver reads them.
enum DW3000Fixture {
    /// The OTP words in the driver's reading order: LDO_TUNE_LO, LDO_TUNE_HI, BIAS_TUNE, XTRIM,
    /// PARTID, lot ID high, lot ID low.
    struct OTP {
        var ldoLow: UInt32 = 0x1234_5678
        var ldoHigh: UInt32 = 0x0000_0ABC
        var bias: UInt32 = 0x0011_0000
        var trim: UInt32 = 0x21
        var partID: UInt32 = 0xCAFE_0001
        var lotHigh: UInt32 = 0x0000_0002
        var lotLow: UInt32 = 0x0000_0003
    }

    /// A bus whose chip answers DEV_ID with `deviceID`, is in IDLE_RC, holds `otp`, and finishes
    /// its receiver calibration.
    static func bus(deviceID: UInt32 = 0xDECA_0302, otp: OTP = OTP()) -> FakeSPIBus {
        let bus = FakeSPIBus(addressing: .dw3000)
        bus.preset(file: 0x00, offset: 0x00, octets(deviceID))
        bus.preset(file: 0x00, offset: 0x44, [0x00, 0x00, 0x80, 0x01])  // RCINIT | SPIRDY
        bus.preset(file: 0x04, offset: 0x20, [0x01])  // RX_CAL_STS done
        let words = [otp.ldoLow, otp.ldoHigh, otp.bias, otp.trim, otp.partID, otp.lotHigh, otp.lotLow]
        bus.scriptReads(file: 0x0B, offset: 0x10, words.map(octets))
        return bus
    }

    /// A chip brought up on `bus`.
    static func chip(_ bus: FakeSPIBus) throws -> DW3000 {
        try DW3000(bus: bus, chip: .first)
    }

    /// Channel 9, 64 MHz PRF, code 9, 128 symbols, 6.8 Mbps.
    static func channelNine(secureTimestamps: SecureTimestampConfiguration? = nil) throws -> RadioConfig {
        try RadioConfig(
            channel: .nine, pulseRepetitionFrequency: .sixtyFourMegahertz, preambleLength: .symbols128, preambleCode: 9,
            dataRate: .mbps6_8, secureTimestamps: secureTimestamps)
    }

    /// An SP1 STS of 64 symbols with key 00 01 … 0F and IV F0 F1 … FF.
    static func secureTimestamps() throws -> SecureTimestampConfiguration {
        SecureTimestampConfiguration(
            mode: .afterFrameDelimiter, length: .symbols64,
            key: try SecureTimestampSecret(octets: Array(0x00...0x0F), field: "STS key"),
            initializationVector: try SecureTimestampSecret(octets: Array(0xF0...0xFF), field: "STS IV"))
    }

    /// A configured chip with its trace cleared.
    static func configured(_ bus: FakeSPIBus, _ config: RadioConfig? = nil) throws -> DW3000 {
        let chip = try chip(bus)
        try chip.configure(config ?? channelNine())
        bus.clearTrace()
        return chip
    }

    /// `value` low octet first.
    static func octets(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
}
