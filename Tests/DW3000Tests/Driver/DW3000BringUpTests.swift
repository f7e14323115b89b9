import DW3000Driver
import Testing
import UWBCore
import UWBTestSupport

/// The bring-up, transaction by transaction, with the octets written out by hand from the
/// register addresses (DW3000 User Manual §8.2) and the header layout (§2.3.1.2).
@Suite struct DW3000BringUpTests {
    typealias Entry = FakeSPIBus.Entry

    /// One OTP read of `address`: manual mode, address, read strobe, OTP_RDATA.
    private static func otpRead(_ address: UInt8) -> [Entry] {
        [
            .write([0xD6, 0x20], [0x01, 0x00]), .write([0xD6, 0x10], [address, 0x00]),
            .write([0xD6, 0x20], [0x02, 0x00]), .read([0x56, 0x40], count: 4),
        ]
    }

    @Test func bringsTheChipUpAsTheManualPrescribes() throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.chip(bus)
        let expected: [Entry] = [
            .read([0x00], count: 4),  // DEV_ID
            .write([0xE2, 0x11], [0xFF, 0x03]),  // CLK_CTRL |= SYS_CLK_SEL = FOSC
            .write([0xA2], [0x00]),  // SOFT_RST = 0
            .read([0x41, 0x10], count: 4),  // SYS_STATUS: RCINIT and SPIRDY
            .write([0xC1, 0x10], [0x00, 0x00, 0x80, 0x01]),  // clear them
            .write([0xC0, 0xF0], [0x80, 0xD0, 0x27, 0x24]),  // SYS_ENABLE: TXFRS, RX good/errors/timeouts
            .write([0xDC, 0x09], [0xEF, 0x00]),  // CIA_CONF octet 2: MINDIAG cleared
        ] + [0x04, 0x05, 0x0A, 0x1E, 0x06, 0x0E, 0x0D].flatMap(Self.otpRead) + [
            .write([0xD6, 0x22], [0xFF, 0xFF, 0x80, 0x01]),  // OTP_CFG |= LDO_KICK | BIAS_KICK
            .write([0xE2, 0x7E], [0xE0, 0xFF, 0x11, 0x00]),  // BIAS_CTRL.BIAS = 0x11
            .write([0xD2, 0x50], [0x21]),  // XTAL = OTP trim
            .write([0xC2, 0x10], [0x34, 0x40]),  // TX_ANTD = 16436
            .write([0x9C], [0x34, 0x40]),  // CIA_CONF.RXANTD = 16436
        ]
        #expect(bus.trace == expected)
        #expect(bus.resets == [.first])
        #expect(bus.clockChanges.map(\.clock) == [.initial])
        #expect(chip.calibration.crystalTrim == 0x21)
        #expect(chip.calibration.partID == 0xCAFE_0001)
        #expect(chip.calibration.lotID == 0x2_0000_0003)
        #expect(!chip.measuresPhaseDifference)
    }

    @Test func aPDoAPartSaysSo() throws {
        #expect(try DW3000Fixture.chip(DW3000Fixture.bus(deviceID: 0xDECA_0312)).measuresPhaseDifference)
    }

    @Test func blankOTPGetsTheDefaultTrimAndNoKick() throws {
        let blank = DW3000Fixture.OTP(ldoLow: 0, ldoHigh: 0, bias: 0, trim: 0)
        let bus = DW3000Fixture.bus(otp: blank)
        let chip = try DW3000Fixture.chip(bus)
        #expect(chip.calibration.crystalTrim == 0x2E)
        #expect(chip.calibration.ldoTune == nil)
        #expect(!bus.trace.contains(.write([0xD6, 0x22], [0xFF, 0xFF, 0x80, 0x01])))
        #expect(bus.trace.contains(.write([0xD2, 0x50], [0x2E])))
    }

    @Test func refusesADW1000() {
        #expect(throws: DW3000Error.unexpectedDeviceID(0xDECA_0130, chip: .first)) {
            try DW3000Fixture.chip(DW3000Fixture.bus(deviceID: 0xDECA_0130))
        }
        let text = DW3000Error.unexpectedDeviceID(0xDECA_0130, chip: .first).description
        #expect(text.contains("DEV_ID") && text.contains("0xDECA0130") && text.contains("DW1000"))
    }

    @Test func refusesASilentBus() {
        #expect(throws: DW3000Error.unexpectedDeviceID(0, chip: .first)) {
            try DW3000Fixture.chip(DW3000Fixture.bus(deviceID: 0))
        }
    }

    @Test func refusesACrystalTrimAbove0x3F() {
        let error = DW3000Error.otpValueOutOfRange(
            word: "XTRIM", address: 0x1E, field: "XTAL_TRIM", value: 0x40, allowed: "0x00-0x3F")
        #expect(throws: error) { try DW3000Fixture.chip(DW3000Fixture.bus(otp: DW3000Fixture.OTP(trim: 0x40))) }
        #expect(error.description.contains("OTP word 0x1E (XTRIM) field XTAL_TRIM reads 0x40"))
    }

    @Test func refusesHalfProgrammedLDOWords() {
        #expect(throws: DW3000Error.otpValueOutOfRange(
            word: "LDO_TUNE_HI", address: 0x05, field: "LDO_TUNE", value: 0,
            allowed: "non-zero values (the LDO and bias words are programmed together, or all left blank)")
        ) {
            try DW3000Fixture.chip(DW3000Fixture.bus(otp: DW3000Fixture.OTP(ldoHigh: 0)))
        }
    }

    @Test func aChipThatNeverReachesIdleRCGivesAClearError() {
        let bus = DW3000Fixture.bus()
        bus.preset(file: 0x00, offset: 0x44, [0x00, 0x00, 0x00, 0x00])
        #expect(throws: DW3000Error.stepDidNotFinish("IDLE_RC after the soft reset", chip: .first)) {
            try DW3000Fixture.chip(bus)
        }
    }

    @Test func refusesAnAntennaDelayTooLong() throws {
        let chip = try DW3000Fixture.chip(DW3000Fixture.bus())
        #expect(throws: DW3000Error.antennaDelayOutOfRange(DeviceDuration(ticks: 70_000), register: "TX_ANTD")) {
            try chip.setAntennaDelays(transmit: DeviceDuration(ticks: 70_000), receive: .zero)
        }
    }
}
