import Testing
import UWBCore

@Suite("Channels: which bands overlap, and a configuration moved to another channel")
struct ChannelOverlapTests {
    @Test("every channel overlaps itself; 2 and 4, 3 and 4, 1 and 4, 5 and 7 overlap; 5 and 9 and edge-to-edge neighbours do not")
    func overlaps() {
        for channel in Channel.allCases {
            #expect(channel.overlaps(channel), "\(channel)")
        }
        let overlapping: [(Channel, Channel)] = [(.two, .four), (.three, .four), (.one, .four), (.five, .seven)]
        let apart: [(Channel, Channel)] = [(.five, .nine), (.seven, .nine), (.one, .two), (.two, .three), (.three, .five)]
        for (a, b) in overlapping {
            #expect(a.overlaps(b) && b.overlaps(a), "\(a) and \(b)")
        }
        for (a, b) in apart {
            #expect(!a.overlaps(b) && !b.overlaps(a), "\(a) and \(b)")
        }
    }

    @Test("the ranging configuration on channel 9 keeps everything but the channel; on channel 4 its code 9 is refused")
    func movedToAnotherChannel() throws {
        let ninth = try RadioConfig.ranging.on(.nine)
        #expect(ninth.channel == .nine)
        #expect(ninth.pulseRepetitionFrequency == RadioConfig.ranging.pulseRepetitionFrequency)
        #expect(ninth.secureTimestamps == nil)
        #expect(ninth.preambleCode == RadioConfig.ranging.preambleCode)
        #expect(ninth.preambleLength == RadioConfig.ranging.preambleLength)
        #expect(ninth.preambleAcquisitionChunk == RadioConfig.ranging.preambleAcquisitionChunk)
        #expect(ninth.dataRate == RadioConfig.ranging.dataRate)
        #expect(throws: RadioConfigError.self) { try RadioConfig.ranging.on(.four) }
    }
}
