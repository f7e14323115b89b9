import DW1000Driver
import Testing
import UWBCore
import UWBTestSupport

@Suite("DW1000 bring-up against a fake bus")
struct BringUpTests {
    /// The whole sequence, transaction by transaction. Headers follow UM §2.2.1.2 (bit 7 write,
    /// bit 6 sub-index follows, bit 7 of the second octet extended index); values follow
    /// Decawave's `dwt_initialise` and UM §2.5.5.10 Table 4.
    @Test("reset, identify, soft reset, OTP, LDE load, PLL lock, interrupts, antenna delays")
    func sequence() throws {
        let bus = ChipFixture.healthyBus()
        _ = try DW1000(bus: bus, chip: .first)
        #expect(bus.resets == [.first])
        let expected: [FakeSPIBus.Entry] = [
            .read([0x00], count: 4),                          // DEV_ID
            .write([0xB6], [0x01]),                           // PMSC_CTRL0.SYSCLKS = XTI
            .write([0xF6, 0x03], [0x00]),                     // SOFTRESET asserted
            .write([0xF6, 0x03], [0xF0]),                     // SOFTRESET released
            .write([0xB6], [0x01]),                           // SYSCLKS = XTI for OTP and LDE
            .write([0xA4], [0x04, 0x00, 0x00, 0x00]),         // EC_CTRL.PLLLDT
            .write([0xED, 0x04], [0x04, 0x00]),               // OTP_ADDR = 0x004 (LDOTUNE_CAL)
            .write([0xED, 0x06], [0x03]),                     // OTP_CTRL = OTPRDEN | OTPREAD
            .write([0xED, 0x06], [0x00]),
            .read([0x6D, 0x0A], count: 4),                    // OTP_RDAT: 0, so no LDO kick
            .write([0xED, 0x04], [0x1E, 0x00]),               // OTP_ADDR = 0x01E (crystal trim)
            .write([0xED, 0x06], [0x03]),
            .write([0xED, 0x06], [0x00]),
            .read([0x6D, 0x0A], count: 4),                    // trim 0x0F
            .write([0xEB, 0x0E], [0x6F]),                     // FS_XTALT = 0x60 | 0x0F
            .write([0xB6], [0x01, 0x03]),                     // LDE load: PMSC_CTRL0 = 0x0301
            .write([0xED, 0x06], [0x00, 0x80]),               // OTP_CTRL.LDELOAD
            .read([0x6D, 0x06], count: 2),                    // LDELOAD cleared
            .write([0xB6], [0x00, 0x02]),                     // PMSC_CTRL0 = 0x0200
            .read([0x0F], count: 1),                          // SYS_STATUS.CPLOCK
            .write([0x8F], [0x82, 0xD0, 0x27, 0x24]),         // clear CPLOCK and handled events
            .write([0x8E], [0x80, 0xD0, 0x27, 0x24]),         // SYS_MASK: handled events
            .write([0x98], [0x34, 0x40]),                     // TX_ANTD = 16436
            .write([0xEE, 0x84, 0x30], [0x34, 0x40]),         // LDE_RXANTD (0x2E:1804) = 16436
        ]
        #expect(bus.trace == expected)
    }

    /// UM §2.3.2: at most 3 MHz until the PLL locks, up to 20 MHz after.
    @Test("the slow SPI clock until the PLL locks (before the reset), the fast one right after the CPLOCK read")
    func clockSwitch() throws {
        let bus = ChipFixture.healthyBus()
        _ = try DW1000(bus: bus, chip: .first)
        #expect(bus.clockChanges.map(\.clock) == [.initial, .fast])
        #expect(bus.clockChanges.first?.afterTransactions == 0)
        let lockRead = try #require(bus.trace.firstIndex(of: .read([0x0F], count: 1)))
        #expect(bus.clockChanges.last?.afterTransactions == lockRead + 1)
    }

    @Test("an LDO calibration in OTP is kicked into use")
    func ldoKick() throws {
        let bus = ChipFixture.healthyBus(ldoTuneWord: 0x88)
        _ = try DW1000(bus: bus, chip: .first)
        #expect(bus.trace.contains(.write([0xED, 0x12], [0x02])))   // OTP_SF.LDO_KICK
    }

    @Test("DEV_ID mismatches are explained", arguments: [
        (UInt32(0x0000_0000), "all zeros"),
        (0xFFFF_FFFF, "floats"),
        (0x3001_CADE, "reversed"),
        (0xDECA_0302, "this is a DW3000-family chip: use a DW3000 board description"),
        (0xDECA_0312, "this is a DW3000-family chip"),
        (0xDECA_0230, "another model"),
        (0xBC95_0360, "clock phase"),
        (0x1234_5678, "not recognisable"),
    ])
    func deviceIDMismatch(value: UInt32, hint: String) {
        let octets = (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
        let bus = ChipFixture.healthyBus(deviceID: octets)
        do {
            _ = try DW1000(bus: bus, chip: .first)
            Issue.record("bring-up should fail for DEV_ID \(value)")
        } catch {
            #expect(error == .unexpectedDeviceID(value, chip: .first))
            #expect(error.description.contains(hint), "\(error)")
            #expect(error.description.contains("0xDECA0130"))
        }
    }

    @Test("an LDE load that never finishes is reported, not waited on forever")
    func ldeLoadStuck() {
        let bus = ChipFixture.healthyBus()
        bus.selfClearingBits = [:]
        #expect(throws: DW1000Error.stepDidNotFinish("the LDE microcode load", chip: .first)) {
            try DW1000(bus: bus, chip: .first)
        }
    }

    @Test("a PLL that never locks is reported")
    func pllNeverLocks() {
        let bus = ChipFixture.healthyBus()
        bus.preset(file: 0x0F, [0x00])
        #expect(throws: DW1000Error.stepDidNotFinish("clock PLL lock", chip: .first)) {
            try DW1000(bus: bus, chip: .first)
        }
    }

    @Test("bus failures surface as typed errors")
    func busFailure() {
        let bus = ChipFixture.healthyBus()
        bus.failNextTransfer = .disconnected("unplugged")
        #expect(throws: DW1000Error.bus(.disconnected("unplugged"))) { try DW1000(bus: bus, chip: .first) }
    }

    @Test("a chip select the bus does not have is rejected")
    func missingChip() throws {
        let bus = ChipFixture.healthyBus()
        let second = try ChipSelect(1)
        #expect(throws: DW1000Error.bus(.noSuchChip(second, chipCount: 1))) { try DW1000(bus: bus, chip: second) }
    }

    @Test("antenna delays must fit 16 bits")
    func antennaDelayRange() throws {
        #expect(throws: DW1000Error.antennaDelayOutOfRange(DeviceDuration(ticks: 70_000), which: "TX")) {
            try AntennaDelays(transmit: DeviceDuration(ticks: 70_000), receive: .zero)
        }
        #expect(throws: DW1000Error.antennaDelayOutOfRange(DeviceDuration(ticks: -1), which: "RX")) {
            try AntennaDelays(transmit: .zero, receive: DeviceDuration(ticks: -1))
        }
        let fixture = try ChipFixture()
        try fixture.driver.setAntennaDelays(AntennaDelays(transmit: DeviceDuration(ticks: 0x4001), receive: DeviceDuration(ticks: 0x3FFE)))
        #expect(fixture.bus.trace == [.write([0x98], [0x01, 0x40]), .write([0xEE, 0x84, 0x30], [0xFE, 0x3F])])
    }
}
