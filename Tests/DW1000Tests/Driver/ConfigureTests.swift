import DW1000Driver
import Testing
import UWBCore
import UWBTestSupport

@Suite("DW1000 configuration against the user manual's tables")
struct ConfigureTests {
    /// Channel 5, 64 MHz PRF, code 9, 128 symbols, PAC 8, standard SFD, 6.8 Mbps. Each value is
    /// copied from the UM table named beside it, not from the driver.
    @Test("channel 5, 64 MHz PRF: every tuning register, byte for byte")
    func channelFiveSixtyFour() throws {
        let fixture = try ChipFixture(configuredWith: nil)
        try fixture.driver.configure(.ranging)
        let expected: [FakeSPIBus.Entry] = [
            .write([0x84], [0x00, 0x12, 0x00, 0x00]),             // SYS_CFG: HIRQ_POL, DIS_DRXB
            .write([0xEE, 0x86, 0x10], [0x6D]),                   // LDE_CFG1 (0x2E:0806): NTM 13, PMULT 3
            .write([0xEE, 0x86, 0x30], [0x07, 0x06]),             // LDE_CFG2 (0x2E:1806): 0x0607, Table 50
            .write([0xEE, 0x84, 0x50], [0xF4, 0x28]),             // LDE_REPC (0x2E:2804): code 9 = 0x28F4, Table 49
            .write([0xEB, 0x07], [0x1D, 0x04, 0x00, 0x08]),       // FS_PLLCFG ch5 0x0800041D, Table 41
            .write([0xEB, 0x0B], [0xBE]),                         // FS_PLLTUNE ch5 0xBE, Table 42
            .write([0xE8, 0x0B], [0xD8]),                         // RF_RXCTRLH ch5 0xD8, Table 36
            .write([0xE8, 0x0C], [0xE0, 0x3F, 0x1E, 0x00]),       // RF_TXCTRL ch5 0x001E3FE0, Table 38
            .write([0xEA, 0x0B], [0xC0]),                         // TC_PGDELAY ch5 0xC0, Table 35
            .write([0x9E], [0x85, 0x65, 0x45, 0x25]),             // TX_POWER ch5 smart 64 MHz 0x25456585, Table 20
            .write([0xE7, 0x02], [0x01, 0x00]),                   // DRX_TUNE0b 6.8M standard 0x0001, Table 29
            .write([0xE7, 0x04], [0x8D, 0x00]),                   // DRX_TUNE1a 64 MHz 0x008D, Table 30
            .write([0xE7, 0x06], [0x20, 0x00]),                   // DRX_TUNE1b 6.8M, 128 symbols 0x0020, Table 31
            .write([0xE7, 0x08], [0x6B, 0x00, 0x3B, 0x31]),       // DRX_TUNE2 PAC 8, 64 MHz 0x313B006B, Table 32
            .write([0xE7, 0x26], [0x28, 0x00]),                   // DRX_TUNE4H 128 symbols 0x0028, Table 33
            .write([0xE7, 0x20], [0x81, 0x00]),                   // DRX_SFDTOC 128 + 1 + 8 - 8 = 129
            .write([0xE3, 0x04], [0x9B, 0x88]),                   // AGC_TUNE1 64 MHz 0x889B, Table 24
            .write([0xE3, 0x0C], [0x07, 0xA9, 0x02, 0x25]),       // AGC_TUNE2 0x2502A907
            .write([0xE3, 0x12], [0x35, 0x00]),                   // AGC_TUNE3 0x0035, Table 25
            .write([0x9F], [0x55, 0x00, 0x48, 0x4A]),             // CHAN_CTRL ch5/5, RXPRF 64, codes 9/9
            .write([0x88], [0x00, 0xC0, 0x16, 0x00]),             // TX_FCTRL 6.8M, TR, 64 MHz, 128 symbols
            .write([0x8D], [0x42]),                               // SYS_CTRL = TXSTRT | TRXOFF
        ]
        #expect(fixture.bus.trace == expected)
        #expect(fixture.driver.configuration == .ranging)
    }

    @Test("the power-on configuration reproduces the reset values of CHAN_CTRL and TX_FCTRL")
    func powerOnDefaults() throws {
        let fixture = try ChipFixture(configuredWith: .powerOnDefault)
        // UM §7.2.32 default CHAN_CTRL 0x21040055; UM §7.2.10 default TX_FCTRL 0x0015400C has
        // TFLEN 12 and TR 0: ours sets TR (bit 15) and writes TFLEN per frame.
        #expect(fixture.bus.stored(file: 0x1F, count: 4) == [0x55, 0x00, 0x04, 0x21])
        #expect(fixture.bus.stored(file: 0x08, count: 4) == [0x00, 0xC0, 0x15, 0x00])
    }

    @Test("110 kbps with Decawave's SFD: RXM110K, USR_SFD 64, DWSFD, tuning for long preambles")
    func slowRate() throws {
        let config = try RadioConfig(
            channel: .two, pulseRepetitionFrequency: .sixtyFourMegahertz, preambleLength: .symbols1024,
            preambleCode: 9, startOfFrameDelimiter: .decawave, dataRate: .kbps110)
        let fixture = try ChipFixture(configuredWith: config)
        let bus = fixture.bus
        #expect(bus.stored(file: 0x04, count: 4) == [0x00, 0x12, 0x40, 0x00])      // RXM110K = bit 22
        #expect(bus.stored(file: 0x21, count: 1) == [64])                           // USR_SFD
        #expect(bus.stored(file: 0x2E, offset: 0x2804, count: 2) == [0x1E, 0x05])  // 0x28F4 >> 3 = 0x051E
        #expect(bus.stored(file: 0x27, offset: 0x02, count: 2) == [0x16, 0x00])    // DRX_TUNE0b 110k non-standard
        #expect(bus.stored(file: 0x27, offset: 0x06, count: 2) == [0x64, 0x00])    // DRX_TUNE1b 110k
        #expect(bus.stored(file: 0x27, offset: 0x08, count: 4) == [0x5E, 0x01, 0x3B, 0x35])  // PAC 32, 64 MHz
        #expect(bus.stored(file: 0x27, offset: 0x20, count: 2) == [0x21, 0x04])    // 1024 + 1 + 64 - 32 = 1057 = 0x0421
        // CHAN_CTRL: ch2/2, DWSFD, RXPRF 64, TNSSFD, RNSSFD, codes 9/9 = 0x4A7A0022.
        #expect(bus.stored(file: 0x1F, count: 4) == [0x22, 0x00, 0x7A, 0x4A])
        // TX_FCTRL: 110k (00), TR, 64 MHz, 1024 symbols (TXPSR 10, PE 00) = 0x000A8000.
        #expect(bus.stored(file: 0x08, count: 4) == [0x00, 0x80, 0x0A, 0x00])
    }

    @Test("16 MHz PRF picks the 16 MHz column of every PRF-dependent table")
    func sixteenMegahertz() throws {
        let config = try RadioConfig(
            channel: .seven, pulseRepetitionFrequency: .sixteenMegahertz, preambleLength: .symbols64,
            preambleCode: 7, dataRate: .mbps6_8)
        let bus = try ChipFixture(configuredWith: config).bus
        #expect(bus.stored(file: 0x23, offset: 0x04, count: 2) == [0x70, 0x88])    // AGC_TUNE1 0x8870
        #expect(bus.stored(file: 0x27, offset: 0x04, count: 2) == [0x87, 0x00])    // DRX_TUNE1a 0x0087
        #expect(bus.stored(file: 0x27, offset: 0x06, count: 2) == [0x10, 0x00])    // DRX_TUNE1b 64 symbols
        #expect(bus.stored(file: 0x27, offset: 0x26, count: 2) == [0x10, 0x00])    // DRX_TUNE4H 64 symbols
        #expect(bus.stored(file: 0x27, offset: 0x08, count: 4) == [0x2D, 0x00, 0x1A, 0x31])  // PAC 8, 16 MHz
        #expect(bus.stored(file: 0x2E, offset: 0x1806, count: 2) == [0x07, 0x16])  // LDE_CFG2 0x1607
        #expect(bus.stored(file: 0x2E, offset: 0x2804, count: 2) == [0x00, 0x80])  // LDE_REPC code 7 0x8000
        #expect(bus.stored(file: 0x1E, count: 4) == [0x92, 0x72, 0x52, 0x32])      // TX_POWER ch7 smart 16 MHz
        #expect(bus.stored(file: 0x28, offset: 0x0B, count: 1) == [0xBC])          // RF_RXCTRLH ch7
    }

    @Test("every channel gets its row of the per-channel tables", arguments: [
        (Channel.one, UInt32(0x0000_5C40), UInt8(0xC9), UInt32(0x0900_0407), UInt8(0x1E)),
        (.two, 0x0004_5CA0, 0xC2, 0x0840_0508, 0x26),
        (.three, 0x0008_6CC0, 0xC5, 0x0840_1009, 0x56),
        (.four, 0x0004_5C80, 0x95, 0x0840_0508, 0x26),
        (.five, 0x001E_3FE0, 0xC0, 0x0800_041D, 0xBE),
        (.seven, 0x001E_7DE0, 0x93, 0x0800_041D, 0xBE),
    ])
    func perChannel(channel: Channel, txctrl: UInt32, pgdelay: UInt8, pllcfg: UInt32, plltune: UInt8) throws {
        let code = try #require(channel.preambleCodes(at: .sixtyFourMegahertz).first)
        let config = try RadioConfig(channel: channel, pulseRepetitionFrequency: .sixtyFourMegahertz,
                                     preambleLength: .symbols128, preambleCode: code, dataRate: .mbps6_8)
        let bus = try ChipFixture(configuredWith: config).bus
        let octets = { (value: UInt32) in (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        #expect(bus.stored(file: 0x28, offset: 0x0C, count: 4) == octets(txctrl))
        #expect(bus.stored(file: 0x2A, offset: 0x0B, count: 1) == [pgdelay])
        #expect(bus.stored(file: 0x2B, offset: 0x07, count: 4) == octets(pllcfg))
        #expect(bus.stored(file: 0x2B, offset: 0x0B, count: 1) == [plltune])
    }

    @Test("channel 9 and an STS are refused with what to use instead, and nothing is written")
    func dw3000OnlySettings() throws {
        let fixture = try ChipFixture(configuredWith: nil)
        let before = fixture.bus.trace.count
        let channelNine = try RadioConfig(channel: .nine, pulseRepetitionFrequency: .sixtyFourMegahertz,
                                          preambleLength: .symbols128, preambleCode: 9, dataRate: .mbps6_8)
        let channelError = #expect(throws: TransceiverError.self) { try fixture.driver.configure(channelNine) }
        #expect(channelError?.description == "this radio cannot use that configuration: a DW1000 has no channel 9; use 1, 2, 3, 4, 5, 7, or a DW3000-family board for channel 9")
        #expect(channelError?.meansRadioLost == false)

        let key = try SecureTimestampSecret(octets: [UInt8](repeating: 7, count: 16), field: "STS key")
        let secure = RadioConfig.ranging.withSecureTimestamps(
            SecureTimestampConfiguration(mode: .afterFrameDelimiter, length: .symbols64, key: key, initializationVector: key))
        let stsError = #expect(throws: TransceiverError.self) { try fixture.driver.configure(secure) }
        #expect(stsError?.description.contains("a DW1000 cannot send a scrambled timestamp sequence (SP1 STS of 64 symbols)") == true)
        #expect(fixture.bus.trace.count == before)
    }
}
