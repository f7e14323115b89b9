import AccessoryProtocol
import Testing

/// Octets from hex with optional spaces.
private func hex(_ text: String) -> [UInt8] {
    let digits = Array(text.filter { !$0.isWhitespace })
    return stride(from: 0, to: digits.count, by: 2).compactMap { UInt8(String(digits[$0...$0 + 1]), radix: 16) }
}

/// The accessory's configuration data and its UWB block against the published dumps.
@Suite("Accessory configuration data: published dumps, round trips and refusals")
struct AccessoryConfigurationDataTests {
    /// A Qorvo DWM3001CDK's answer to an iPhone's initialise (0x0A), as posted on Qorvo's forum
    /// (forum.qorvo.com/t/android-qorvo-support-uwb-configuration/21738).
    static let qorvoReply = hex("01 0100 0000 14 00000000000000000000 15 0100 0100 3FF50300 B80B0000 0000 0101 01 11D7 1900")

    @Test("the DWM3001CDK's reply: message 0x01, version 1.0, user-interactive rate, a 21-octet block of version 1.1")
    func qorvoDump() throws {
        guard case .configurationData(let payload) = try AccessoryMessage(octets: Self.qorvoReply) else {
            Issue.record("not configuration data")
            return
        }
        let data = try AccessoryConfigurationData(octets: payload)
        #expect(data.majorVersion == 1 && data.minorVersion == 0)
        #expect(data.preferredUpdateRate == .userInteractive)
        #expect(data.uwbConfiguration.count == 21)
        let block = try AccessoryUWBConfiguration(octets: data.uwbConfiguration)
        #expect(block.majorVersion == 1 && block.minorVersion == 1)
        #expect(block.manufacturerID == 0x0003_F53F && block.modelID == 3000)
        #expect(block.middlewareMajorVersion == 0 && block.middlewareMinorVersion == 0x0101)
        #expect(block.rangingRole == 1 && block.macAddress == 0xD711 && block.clockDrift == 0x19)
        #expect(block.octets == data.uwbConfiguration)
        #expect(try data.encoded() == payload)
        #expect(AccessoryMessage.configurationData(try data.encoded()).octets == Self.qorvoReply)
    }

    /// An older (protocol R1) Qorvo accessory's 19-octet block from the same forum (thread 10796,
    /// post 32), whose MAC address the post leaves out: 0x1234 stands in for it.
    @Test("a version 1.0 block has no clock drift and 19 octets")
    func olderBlock() throws {
        let octets = hex("0100 0000 3ff50300 b80b0000 0109 0900 00 3412")
        let block = try AccessoryUWBConfiguration(octets: octets)
        #expect(block.minorVersion == 0 && block.clockDrift == nil)
        #expect(block.middlewareMajorVersion == 0x0901 && block.middlewareMinorVersion == 0x0009 && block.rangingRole == 0)
        #expect(block.macAddress == 0x1234)
        #expect(block.octets == octets)
    }

    @Test("cut short, a length that disagrees, another major version, a block of the wrong length: refused, naming what is wrong")
    func refusals() throws {
        let payload = Array(Self.qorvoReply.dropFirst())
        #expect(throws: AccessoryProtocolError.truncated(structure: "accessory configuration data", needed: 16, present: 10)) {
            try AccessoryConfigurationData(octets: Array(payload.prefix(10)))
        }
        #expect(throws: AccessoryProtocolError.lengthMismatch(structure: "accessory configuration data", declared: 21, actual: 20)) {
            try AccessoryConfigurationData(octets: Array(payload.dropLast()))
        }
        #expect(throws: AccessoryProtocolError.lengthMismatch(structure: "accessory configuration data", declared: 21, actual: 22)) {
            try AccessoryConfigurationData(octets: payload + [0])
        }
        var version = payload
        version[0] = 2
        #expect(throws: AccessoryProtocolError.unknownVersion(structure: "accessory configuration data", major: 2, minor: 0)) {
            try AccessoryConfigurationData(octets: version)
        }
        #expect(throws: AccessoryProtocolError.overlong(structure: "accessory UWB configuration", expected: 21, present: 22)) {
            try AccessoryUWBConfiguration(octets: Array(payload.suffix(21)) + [0])
        }
        #expect(throws: AccessoryProtocolError.unknownMessage(0x7F)) { try AccessoryMessage(octets: [0x7F]) }
        #expect(throws: AccessoryProtocolError.self) { try AccessoryMessage(octets: [0x0A, 0x00]) }
        #expect(AccessoryProtocolError.unknownMessage(0x7F).description.contains("0x7F"))
    }

    @Test("every message's identifier, both ways")
    func messages() throws {
        let messages: [(AccessoryMessage, [UInt8])] = [
            (.didStart, [0x02]), (.didStop, [0x03]), (.initialize, [0x0A]), (.configureAndStart([1, 2]), [0x0B, 1, 2]), (.stop, [0x0C]),
            (.initializeAndroid, [0xA5]),
        ]
        for (message, octets) in messages {
            #expect(message.octets == octets)
            #expect(try AccessoryMessage(octets: octets) == message)
        }
    }
}

/// The phone's shareable configuration data against the published example.
@Suite("Shareable configuration data: the published example, version 1.0, refusals")
struct ShareableConfigurationDataTests {
    /// The version 1.1 example decoded in the NXP Zephyr Nearby Interaction sample's comments.
    static let nxpExample = hex("0100 0100 19 5553 288C0000 0B 09 0600 100E B400 03 CD26C40777D6 1D72 6400")

    @Test("the NXP example: US, session 0x8C28, preamble 11, channel 9, 6 slots of 3600 RSTU, 180 ms, control 3, the STS IV, the phone at 0x721D")
    func nxpExample() throws {
        let data = try ShareableConfigurationData(octets: Self.nxpExample)
        #expect(data.minorVersion == 1 && data.countryCode == Array("US".utf8))
        #expect(data.sessionID == 0x8C28 && data.preambleCodeIndex == 11 && data.channel == 9)
        #expect(data.slotsPerRound == 6 && data.slotDuration == 3600 && data.rangingInterval == 180 && data.rangingRoundControl == 3)
        #expect(data.stsIV == hex("CD26C40777D6") && data.phoneAddress == 0x721D && data.extensionField == 0x64)
        #expect(try data.encoded() == Self.nxpExample)
        #expect(Self.nxpExample.count == 30)
    }

    @Test("version 1.0 is the same without the last two octets: 28 in all, length 23")
    func versionOne() throws {
        var data = try ShareableConfigurationData(octets: Self.nxpExample)
        data.extensionField = nil
        let octets = try data.encoded()
        #expect(octets.count == 28 && octets[2] == 0 && octets[4] == 23)
        #expect(try ShareableConfigurationData(octets: octets).minorVersion == 0)
        #expect(try ShareableConfigurationData(octets: octets) == ShareableConfigurationData(
            countryCode: Array("US".utf8), sessionID: 0x8C28, preambleCodeIndex: 11, channel: 9, slotsPerRound: 6, slotDuration: 3600,
            rangingInterval: 180, rangingRoundControl: 3, stsIV: hex("CD26C40777D6"), phoneAddress: 0x721D))
    }

    @Test("cut short, too long, version 1.2, a length octet of the other version, a bad IV: refused")
    func refusals() throws {
        let name = "shareable configuration data"
        #expect(throws: AccessoryProtocolError.truncated(structure: name, needed: 30, present: 29)) {
            try ShareableConfigurationData(octets: Array(Self.nxpExample.dropLast()))
        }
        #expect(throws: AccessoryProtocolError.overlong(structure: name, expected: 30, present: 31)) {
            try ShareableConfigurationData(octets: Self.nxpExample + [0])
        }
        var version = Self.nxpExample
        version[2] = 2
        #expect(throws: AccessoryProtocolError.unknownVersion(structure: name, major: 1, minor: 2)) {
            try ShareableConfigurationData(octets: version)
        }
        var length = Self.nxpExample
        length[4] = 23
        #expect(throws: AccessoryProtocolError.lengthMismatch(structure: name, declared: 23, actual: 25)) {
            try ShareableConfigurationData(octets: length)
        }
        var data = try ShareableConfigurationData(octets: Self.nxpExample)
        data.stsIV = [1, 2, 3]
        #expect(throws: AccessoryProtocolError.invalidField(structure: name, field: "STS IV", detail: "has 3 octets, not 6")) {
            try data.encoded()
        }
    }
}
