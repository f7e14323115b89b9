import DW3000Driver
import Testing
import UWBCore
import UWBTestSupport

/// Configuration, transmission, reception and interrupts against hand-written octets.
@Suite struct DW3000OperationTests {
    typealias Entry = FakeSPIBus.Entry

    @Test func configuresChannelNineAndLocksThePLL() throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.chip(bus)
        bus.clearTrace()
        try chip.configure(try DW3000Fixture.channelNine())
        let expectedInOrder: [Entry] = [
            .write([0xC2, 0x50], [0x49, 0x09]),  // CHAN_CTRL: channel 9, codes 9
            .write([0x92], [0x3C, 0x0F]),  // PLL_CFG for channel 9
            .write([0xC1, 0x10], [0x02]),  // SYS_STATUS: clear CPLOCK
            .write([0xE2, 0x25], [0xFF, 0x01]),  // SEQ_CTRL (0x11:08) octet 1 |= AINIT2IDLE
            .read([0x41, 0x10], count: 1),  // SYS_STATUS.CPLOCK
            .write([0xC8, 0x30], [0x01, 0x00, 0x02, 0x00]),  // RX_CAL: calibration mode, COMP_DLY 2
            .read([0x48, 0x80], count: 1),  // RX_CAL_STS
        ]
        var remaining = expectedInOrder[...]
        for entry in bus.trace where entry == remaining.first {
            remaining.removeFirst()
        }
        #expect(remaining.isEmpty, "missing in order: \(remaining)")
        #expect(bus.clockChanges.map(\.clock) == [.initial, .fast])
    }

    @Test func refusesChannelsAndRatesTheChipLacks() throws {
        let chip = try DW3000Fixture.chip(DW3000Fixture.bus())
        let channelTwo = try RadioConfig(
            channel: .two, pulseRepetitionFrequency: .sixtyFourMegahertz, preambleLength: .symbols128, preambleCode: 9,
            dataRate: .mbps6_8)
        #expect(throws: TransceiverError.unsupportedConfiguration("channel 2 is not a DW3000 channel; use channel 5 or channel 9")) {
            try chip.configure(channelTwo)
        }
    }

    @Test func aPLLThatNeverLocksGivesAClearError() throws {
        let bus = DW3000Fixture.bus()
        bus.selfClearingBits[FakeSPIBus.Location(file: 0x00, offset: 0x44)] = 0x02
        let chip = try DW3000Fixture.chip(bus)
        #expect(throws: TransceiverError.hardwareFault(
            DW3000Error.stepDidNotFinish("the PLL lock (SYS_STATUS.CPLOCK)", chip: .first).description)
        ) {
            try chip.configure(try DW3000Fixture.channelNine())
        }
    }

    @Test func aCalibrationThatNeverCompletesGivesAClearError() throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.chip(bus)
        bus.selfClearingBits[FakeSPIBus.Location(file: 0x04, offset: 0x20)] = 0xFF
        bus.preset(file: 0x04, offset: 0x20, [0x00])
        #expect(throws: TransceiverError.hardwareFault(
            DW3000Error.stepDidNotFinish("the receiver calibration (RX_CAL_STS)", chip: .first).description)
        ) {
            try chip.configure(try DW3000Fixture.channelNine())
        }
    }

    @Test func aFailedCalibrationResultIsRefused() throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.chip(bus)
        bus.preset(file: 0x04, offset: 0x14, [0xFF, 0xFF, 0xFF, 0x1F])
        #expect(throws: TransceiverError.hardwareFault(
            DW3000Error.calibrationFailed(register: "RX_CAL_RESI", value: 0x1FFF_FFFF).description)
        ) {
            try chip.configure(try DW3000Fixture.channelNine())
        }
    }

    @Test func writesTheSTSKeyAndIVLowOctetFirst() throws {
        let bus = DW3000Fixture.bus()
        _ = try DW3000Fixture.configured(bus, try DW3000Fixture.channelNine(secureTimestamps: DW3000Fixture.secureTimestamps()))
        let bringUp = DW3000Fixture.bus()
        let chip = try DW3000Fixture.chip(bringUp)
        bringUp.clearTrace()
        try chip.loadSecureTimestamps(key: Array(0x00...0x0F), initializationVector: Array(0xF0...0xFF))
        #expect(bringUp.trace == [
            .write([0xC4, 0x30], Array((0x00...0x0F).reversed())),  // STS_KEY 0x02:0C
            .write([0xC4, 0x70], Array((0xF0...0xFF).reversed())),  // STS_IV 0x02:1C
            .write([0xC4, 0x11], [0xFF, 0x01]),  // STS_CTRL |= LOAD_IV
        ])
    }

    /// Frame 0x1234_5678 of an STS of 64 symbols (32 counts a frame): 0x1234_5678 × 32 =
    /// 0x2_468A_CF00, so the counter (STS_IV bits 31:0) is 0x468ACF00 and the word above it is
    /// the IV's F8 F9 FA FB (bits 63:32, 0xF8F9FAFB) XOR 0x2 = 0xF8F9FAF9.
    @Test func loadsAFramesSTSIntoTheIVsLowTwoWordsOnlyWithAnSTSConfigured() throws {
        let secured = DW3000Fixture.bus()
        let chip = try DW3000Fixture.configured(secured, try DW3000Fixture.channelNine(secureTimestamps: DW3000Fixture.secureTimestamps()))
        secured.clearTrace()
        try chip.loadSecureTimestampSequence(frame: 0x1234_5678)
        #expect(secured.trace == [
            .write([0xC4, 0x70], [0x00, 0xCF, 0x8A, 0x46, 0xF9, 0xFA, 0xF9, 0xF8]),  // STS_IV 0x02:1C, bits 63:0
            .write([0xC4, 0x11], [0xFF, 0x01]),  // STS_CTRL |= LOAD_IV
        ])
        let plain = DW3000Fixture.bus()
        let plainChip = try DW3000Fixture.configured(plain)
        plain.clearTrace()
        try plainChip.loadSecureTimestampSequence(frame: 0x1234_5678)
        #expect(plain.trace.isEmpty, "no STS, no SPI traffic: \(plain.trace)")
    }

    @Test func refusesAnSTSKeyOrIVOfTheWrongLength() {
        #expect(throws: DW3000Error.secretWrongLength(register: "STS_KEY", octets: 15)) {
            try DW3000.registerImage(of: [UInt8](repeating: 0, count: 15), for: .stsKey)
        }
        #expect(throws: DW3000Error.secretWrongLength(register: "STS_IV", octets: 17)) {
            try DW3000.registerImage(of: [UInt8](repeating: 0, count: 17), for: .stsIv)
        }
        #expect(DW3000Error.secretWrongLength(register: "STS_KEY", octets: 15).description.contains("STS_KEY takes 16 octets"))
    }

    @Test func transmitsAtADeviceTimeOnThe512TickGrid() throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.configured(bus)
        let stamp = try chip.transmit([0x01, 0x02, 0x03], at: DeviceTime(wrapping: 0x12_3456_789A), awaiting: nil)
        #expect(stamp == DeviceTime(wrapping: 0x12_3456_7800 + 16_436))
        #expect(bus.trace == [
            .write([0xA8], [0x01, 0x02, 0x03]),  // TX_BUFFER
            .write([0xC0, 0x90], [0x05, 0x0C, 0x00, 0x00]),  // TX_FCTRL: 5 octets, 6.8 Mbps, ranging bit
            .write([0xC0, 0xB0], [0x78, 0x56, 0x34, 0x12]),  // DX_TIME = time bits 39:8
            .write([0x87], []),  // DTX
            .read([0x41, 0x1C], count: 1),  // SYS_STATUS octet 3: HPDWARN
        ])
    }

    @Test func aLateTransmissionIsCancelled() throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.configured(bus)
        bus.preset(file: 0x00, offset: 0x47, [0x08])
        #expect(throws: TransceiverError.lateTransmission(scheduled: DeviceTime(wrapping: 0x1000))) {
            try chip.transmit([0x01], at: DeviceTime(wrapping: 0x1000), awaiting: nil)
        }
        #expect(bus.trace.last == .write([0x81], []))
    }

    @Test func transmitsNowAwaitingAResponse() throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.configured(bus)
        let window = ResponseWindow(delay: DeviceDuration(ticks: 65_536 * 3), timeout: DeviceDuration(ticks: 65_536 * 100))
        try chip.transmitImmediately([0xAA], awaiting: window)
        #expect(bus.trace == [
            .write([0xA8], [0xAA]),
            .write([0xC0, 0x90], [0x03, 0x0C, 0x00, 0x00]),
            .write([0xC2, 0x20], [0x03, 0x00, 0x00, 0x00]),  // ACK_RESP_T.W4R_TIM = 3
            .write([0xC0, 0xD0], [0x64, 0x00, 0x00]),  // RX_FWTO = 100
            .write([0xC0, 0x42], [0xFF, 0xFF, 0x00, 0x02]),  // SYS_CFG |= RXWTOE
            .write([0x99], []),  // TX_W4R
        ])
    }

    @Test func receivesNowWithoutATimeout() throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.configured(bus)
        try chip.enableReceiver(.untilTurnedOff)
        #expect(bus.trace == [.write([0xC0, 0x42], [0xFF, 0xFD, 0x00, 0x00]), .write([0x85], [])])
    }

    @Test func receivesAtADeviceTime() throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.configured(bus)
        try chip.enableReceiver(ReceiveWindow(start: DeviceTime(wrapping: 0xAB_CDEF_0100), timeout: DeviceDuration(ticks: 1)))
        #expect(bus.trace == [
            .write([0xC0, 0xD0], [0x01, 0x00, 0x00]),
            .write([0xC0, 0x42], [0xFF, 0xFF, 0x00, 0x02]),
            .write([0xC0, 0xB0], [0x01, 0xEF, 0xCD, 0xAB]),
            .write([0x89], []),  // DRX
            .read([0x41, 0x1C], count: 1),
        ])
    }

    @Test func reportsATransmissionAndClearsItsEvents() throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.configured(bus)
        bus.preset(file: 0x00, offset: 0x44, [0x80, 0x00, 0x00, 0x00])
        bus.preset(file: 0x00, offset: 0x74, [0x05, 0x04, 0x03, 0x02, 0x01])
        #expect(try chip.handleInterrupt() == [.transmitted(at: DeviceTime(wrapping: 0x01_0203_0405))])
        #expect(bus.trace == [
            .read([0x41, 0x10], count: 4), .read([0x41, 0xD0], count: 5), .write([0xC1, 0x10], [0xF8, 0x00, 0x00, 0x00]),
        ])
    }

    @Test func reportsATimeout() throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.configured(bus)
        bus.preset(file: 0x00, offset: 0x44, [0x00, 0x00, 0x02, 0x00])
        #expect(try chip.handleInterrupt() == [.receiveTimeout])
        #expect(bus.trace.last == .write([0xC1, 0x10], [0x00, 0x00, 0x02, 0x00]))
    }

    @Test func turnsOff() throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.configured(bus)
        try chip.turnOff()
        #expect(bus.trace.first == .write([0x81], []))
    }

    @Test func readsTheSystemTime() throws {
        let bus = DW3000Fixture.bus()
        let chip = try DW3000Fixture.configured(bus)
        bus.preset(file: 0x00, offset: 0x1C, [0x44, 0x33, 0x22, 0x11])
        #expect(try chip.systemTime() == DeviceTime(wrapping: 0x11_2233_4400))
        #expect(bus.trace == [.read([0x40, 0x70], count: 4)])
    }
}
