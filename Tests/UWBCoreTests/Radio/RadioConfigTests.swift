import Testing
@testable import UWBCore

@Suite("RadioConfig validation")
struct RadioConfigTests {
    @Test("every channel accepts exactly the codes of UM Table 59", arguments: Channel.allCases)
    func codesPerChannel(channel: Channel) throws {
        let table: [Channel: ([Int], [Int])] = [
            .one: ([1, 2], [9, 10, 11, 12]), .two: ([3, 4], [9, 10, 11, 12]),
            .three: ([5, 6], [9, 10, 11, 12]), .four: ([7, 8], [17, 18, 19, 20]),
            .five: ([3, 4], [9, 10, 11, 12]), .seven: ([7, 8], [17, 18, 19, 20]),
            .nine: ([3, 4], [9, 10, 11, 12]),
        ]
        let (sixteen, sixtyFour) = try #require(table[channel])
        for code in 1...24 {
            let at16 = try? RadioConfig(
                channel: channel, pulseRepetitionFrequency: .sixteenMegahertz,
                preambleLength: .symbols128, preambleCode: code, dataRate: .mbps6_8)
            #expect((at16 != nil) == sixteen.contains(code), "code \(code) on \(channel) at 16 MHz")
            let at64 = try? RadioConfig(
                channel: channel, pulseRepetitionFrequency: .sixtyFourMegahertz,
                preambleLength: .symbols128, preambleCode: code, dataRate: .mbps6_8)
            #expect((at64 != nil) == sixtyFour.contains(code), "code \(code) on \(channel) at 64 MHz")
        }
    }

    @Test("a code from another channel is rejected, naming the field and the allowed codes")
    func wrongCodeMessage() {
        do {
            _ = try RadioConfig(
                channel: .five, pulseRepetitionFrequency: .sixtyFourMegahertz,
                preambleLength: .symbols128, preambleCode: 5, dataRate: .mbps6_8)
            Issue.record("code 5 on channel 5 at 64 MHz should be rejected")
        } catch {
            #expect(error == .preambleCodeNotInChannel(
                code: 5, channel: .five, prf: .sixtyFourMegahertz, allowed: [9, 10, 11, 12]))
            #expect(error.description.hasPrefix("preambleCode:"))
            #expect(error.description.contains("9, 10, 11, 12"))
        }
    }

    @Test("a 64-symbol preamble needs 6.8 Mbps; 4096 symbols need 110 kbps")
    func preambleLengthAgainstRate() {
        #expect(throws: RadioConfigError.preambleLengthNotSupported(.symbols64, dataRate: .kbps850)) {
            try RadioConfig(channel: .two, pulseRepetitionFrequency: .sixteenMegahertz,
                            preambleLength: .symbols64, preambleCode: 3, dataRate: .kbps850)
        }
        #expect(throws: RadioConfigError.preambleLengthNotSupported(.symbols4096, dataRate: .mbps6_8)) {
            try RadioConfig(channel: .two, pulseRepetitionFrequency: .sixteenMegahertz,
                            preambleLength: .symbols4096, preambleCode: 3, dataRate: .mbps6_8)
        }
        #expect(RadioConfigError.preambleLengthNotSupported(.symbols64, dataRate: .kbps850)
            .description.hasPrefix("preambleLength:"))
    }

    @Test("the PAC defaults to UM Table 6 and may not exceed half the preamble")
    func preambleAcquisitionChunk() throws {
        let config = try RadioConfig(channel: .two, pulseRepetitionFrequency: .sixtyFourMegahertz,
                                     preambleLength: .symbols1024, preambleCode: 9, dataRate: .kbps110)
        #expect(config.preambleAcquisitionChunk == .symbols32)
        #expect(throws: RadioConfigError.preambleAcquisitionChunkTooLong(
            .symbols64, preambleLength: .symbols64, recommended: .symbols8)) {
            try RadioConfig(channel: .five, pulseRepetitionFrequency: .sixtyFourMegahertz,
                            preambleLength: .symbols64, preambleCode: 9,
                            preambleAcquisitionChunk: .symbols64, dataRate: .mbps6_8)
        }
    }

    @Test("numbers outside the enumerations are rejected with the field name")
    func rawValues() {
        #expect(throws: RadioConfigError.unsupportedChannel(6)) { try Channel(number: 6) }
        #expect(throws: RadioConfigError.unsupportedPulseRepetitionFrequency(4)) { try PulseRepetitionFrequency(megahertz: 4) }
        #expect(throws: RadioConfigError.unsupportedDataRate(1000)) { try DataRate(kilobitsPerSecond: 1000) }
        #expect(throws: RadioConfigError.unsupportedPreambleLength(100)) { try PreambleLength(symbols: 100) }
        #expect(throws: RadioConfigError.unsupportedPreambleAcquisitionChunk(12)) { try PreambleAcquisitionChunk(symbols: 12) }
        #expect(RadioConfigError.unsupportedChannel(6).description.hasPrefix("channel:"))
    }

    @Test("the built-in configurations are themselves valid")
    func builtInsAreValid() throws {
        for config in [RadioConfig.ranging, .powerOnDefault] {
            let rebuilt = try RadioConfig(
                channel: config.channel, pulseRepetitionFrequency: config.pulseRepetitionFrequency,
                preambleLength: config.preambleLength, preambleCode: config.preambleCode,
                preambleAcquisitionChunk: config.preambleAcquisitionChunk,
                startOfFrameDelimiter: config.startOfFrameDelimiter, dataRate: config.dataRate)
            #expect(rebuilt == config)
        }
    }
}
