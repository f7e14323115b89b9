import Testing
import UWBCore

@Suite("STS settings and channel 9")
struct SecureTimestampTests {
    @Test("an STS key or IV must have 16 octets; the message names the field and the length")
    func secretLength() throws {
        let short = #expect(throws: SecureTimestampError.self) {
            try SecureTimestampSecret(octets: [UInt8](repeating: 1, count: 15), field: "STS key")
        }
        #expect(short?.description == "the STS key has 15 octets; it must be 128 bits (16 octets)")
        #expect(throws: SecureTimestampError.wrongLength(field: "STS IV", octets: 32)) {
            try SecureTimestampSecret(octets: [UInt8](repeating: 0, count: 32), field: "STS IV")
        }
        #expect(try SecureTimestampSecret(octets: Array(0..<16), field: "STS key").octets == Array(0..<16))
    }

    @Test("a configuration with an STS names the mode and length but never the key")
    func descriptionHidesKey() throws {
        let key = try SecureTimestampSecret(octets: [UInt8](repeating: 0xAB, count: 16), field: "STS key")
        let iv = try SecureTimestampSecret(octets: [UInt8](repeating: 0x01, count: 16), field: "STS IV")
        let config = RadioConfig.ranging.withSecureTimestamps(
            SecureTimestampConfiguration(mode: .afterFrameDelimiter, length: .symbols64, key: key, initializationVector: iv))
        #expect(config.description.hasSuffix(", SP1 STS of 64 symbols"))
        #expect(!config.description.lowercased().contains("ab"))
        #expect(config.withSecureTimestamps(nil) == .ranging)
    }

    @Test("a frame's STS IV: one count per 1024 chips (half the length in symbols) a frame, the product's bits above 32 XORed into the next word")
    func frameInitializationVectors() throws {
        #expect(SecureTimestampLength.allCases.map(\.counterStep) == [16, 32, 64, 128, 256, 512, 1024])
        let iv = try SecureTimestampSecret(octets: Array(0x00...0x0F), field: "STS IV")
        let key = try SecureTimestampSecret(octets: [UInt8](repeating: 0xAB, count: 16), field: "STS key")
        let sts64 = SecureTimestampConfiguration(mode: .afterFrameDelimiter, length: .symbols64, key: key, initializationVector: iv)
        // Frame 3 × 32 = 0x60: the counter (octets 12…15) is 0x00000060, the rest as configured.
        #expect(sts64.initializationVector(forFrame: 3).octets == Array(0x00...0x0B) + [0x00, 0x00, 0x00, 0x60])
        // Frame 0x8000_0000 × 1024 = 0x200_0000_0000: counter 0, 0x200 XORed into octets 8…11.
        var sts2048 = sts64
        sts2048.length = .symbols2048
        #expect(sts2048.initializationVector(forFrame: 0x8000_0000).octets
            == Array(0x00...0x07) + [0x08, 0x09, 0x08, 0x0B] + [0x00, 0x00, 0x00, 0x00])
        // Every frame of a session has its own IV, across the counter's wrap too.
        let frames: [UInt32] = [0, 1, 2, 0x0800_0000, 0x0800_0001, 0xFFFF_FFFE]
        #expect(Set(frames.map { sts64.initializationVector(forFrame: $0) }).count == frames.count)
    }

    @Test("channel 9: 7987.2 MHz, 499.2 MHz wide, channel 5's preamble codes (IEEE 802.15.4-2020 Table 15-6)")
    func channelNine() throws {
        #expect(Channel.nine.centreFrequency == .megahertz(7987.2))
        #expect(Channel.nine.bandwidth == .megahertz(499.2))
        #expect(Channel.nine.preambleCodes(at: .sixteenMegahertz) == [3, 4])
        #expect(Channel.nine.preambleCodes(at: .sixtyFourMegahertz) == [9, 10, 11, 12])
        #expect(ChipFamily.dw3000.channels == [.five, .nine])
        #expect(!ChipFamily.dw1000.channels.contains(.nine))
        #expect(throws: RadioConfigError.unsupportedChannel(6)) { try Channel(number: 6) }
    }
}
