@testable import UCIService
import AccessoryProtocol
import Testing
import UCI
import UWBCore

/// The server keys each session's STS with FiRa's key schedule: configured with the parameters of
/// FiRa MAC 1.3.0's static-STS test vector (as Qorvo's UWB stack for Linux runs it), a session's
/// STS is the vector's STS key and V.
@Suite struct STSKeyScheduleTests {
    static func hex(_ text: String) -> [UInt8] {
        let digits = Array(text.filter(\.isHexDigit))
        return stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
    }

    @Test("the static-STS vector's session (channel 9, 2000 RSTU slots, preamble 10, VENDOR_ID 00 01, IV 02…07, session 0x01234567) gets the vector's STS key and V")
    func staticVector() {
        var config = UCIAppConfig()
        let refused = config.set([
            UCIParameter(.channelNumber, integer: UInt8(9)), UCIParameter(.slotDuration, integer: UInt16(2000)),
            UCIParameter(.preambleCodeIndex, integer: UInt8(10)), UCIParameter(.stsConfig, integer: UInt8(0)),
            UCIParameter(.vendorID, [0x00, 0x01]), UCIParameter(.staticSTSIV, [0x02, 0x03, 0x04, 0x05, 0x06, 0x07]),
        ], channel: .nine)
        #expect(refused.isEmpty)
        // DerAuthK, then vUpper64, the initial phy STS index 0x0B9BBE78 and DerAuthI's V counter.
        let expected = Self.hex("dd9897f2 b85c9dc8 a7dec01c ca5b61db") + Self.hex("00010203 04050607 0b9bbe78 17274119")
        #expect(config.secureTimestampMaterial(session: 0x0123_4567) == expected)
    }

    @Test("the accessory's side configured from an iPhone's shareable data keys the STS AccessoryFiRaSession's schedule gives; another IV keys another")
    func accessorySession() throws {
        let data = try ShareableConfigurationData(octets: AccessorySessionTests.nxpExample)
        let accessory = try AccessoryFiRaSession(data, side: .accessory, accessoryAddress: AccessorySessionTests.accessoryAddress)
        var config = UCIAppConfig()
        #expect(config.set(accessory.parameters, channel: .nine).isEmpty)
        let sts = try accessory.keySchedule().secureTimestamps()
        #expect(config.secureTimestampMaterial(session: accessory.sessionID) == sts.key.octets + sts.initializationVector.octets)
        _ = config.set([UCIParameter(.staticSTSIV, [0, 0, 0, 0, 0, 1])], channel: .nine)
        #expect(config.secureTimestampMaterial(session: accessory.sessionID) != sts.key.octets + sts.initializationVector.octets)
    }
}
