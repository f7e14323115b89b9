import AccessoryProtocol
import Foundation
import NearbyInteraction
import Synchronization
import Testing
import UWBCore
import UWBRanging

/// An accessory session on emulated DWM3000 radios, ranged by the engine with the static STS
/// FiRa's key schedule derives from the phone's shareable data: the phone is an iOS-style
/// NISession, the accessory a device service's accessory link started from the accessory's
/// conversation, all on virtual time.
@Suite struct AccessoryOnRadioTests {
    /// The accessory's UWB block: Qorvo's DWM3001CDK's (Qorvo's forum, thread 21738).
    static let block = AccessoryUWBConfiguration(
        manufacturerID: 0x0003_F53F, modelID: 3000, middlewareMajorVersion: 0, middlewareMinorVersion: 0x0101, rangingRole: 1,
        macAddress: 0xD711, clockDrift: 0x19)

    /// The accessory's measurements, as its link reports them on the loop.
    final class Measurements: Sendable {
        let distances = Mutex<[Double]>([])
        let start = Mutex<Result<SessionLinkID, NIError>?>(nil)
    }

    /// A phone (Alice) and an accessory (Bob) `metres` apart on DWM3000 boards, the phone's session
    /// run with the accessory's configuration data; the accessory starts the session the phone's
    /// data sets up, with its STS IV replaced by `iv` if given. Ranges for two seconds.
    static func range(metres: Double, iv: [UInt8]? = nil) throws -> (phone: SessionRecorder, accessory: Measurements, session: NISession) {
        let world = try SessionWorld(devices: [
            SessionWorld.device("alice", board: "ft232h-dwm3000-single", at: .zero),
            SessionWorld.device("bob", board: "ft232h-dwm3000-single", at: Vector3(x: metres, y: 0, z: 0)),
        ])
        let phone = SessionRecorder(name: "phone")
        let session = try world.session(on: "alice", recorder: phone)
        var conversation = AccessoryConversation(uwb: Self.block)
        guard case .reply(let replies) = try conversation.receive(.initialize), case .configurationData(let octets)? = replies.first else {
            throw NIError(.invalidConfiguration, detail: "no configuration data")
        }
        session.run(try NINearbyAccessoryConfiguration(data: Data(octets)))
        world.advance(by: .milliseconds(5))
        let shareable = try #require(phone.shareable.first)
        var data = try ShareableConfigurationData(octets: [UInt8](shareable.data))
        if let iv {
            data.stsIV = iv
        }
        guard case .start(let fira) = try conversation.receive(.configureAndStart(try data.encoded())) else {
            throw NIError(.invalidConfiguration, detail: "the conversation did not start a session")
        }
        let accessory = Measurements()
        try world.service("bob").startAccessoryLink(
            fira, measured: { measurement in accessory.distances.withLock { $0.append(measurement.distance?.metres ?? .nan) } },
            failed: { _ in }, started: { result in accessory.start.withLock { $0 = result } })
        world.advance(by: .seconds(2))
        return (phone, accessory, session)
    }

    @Test("the phone and the accessory range at 1, 5 and 12 m, both sides within 10 cm, with 180 ms updates", arguments: [1.0, 5, 12])
    func range(metres: Double) throws {
        let (phone, accessory, session) = try Self.range(metres: metres)
        defer { session.invalidate() }
        #expect(phone.lifecycle == [.started])
        let shareable = try #require(phone.shareable.first)
        #expect(shareable.object.discoveryToken.content.shortAddress == 0xD711)
        let data = try ShareableConfigurationData(octets: [UInt8](shareable.data))
        #expect(data.rangingInterval == 180 && data.slotsPerRound == 6 && data.slotDuration == 3600 && data.channel == 5)
        let phoneDistances = phone.distances.map(Double.init)
        let accessoryDistances = accessory.distances.withLock { $0 }
        // Two seconds of 180 ms rounds: about 11, the first after one interval.
        #expect(phoneDistances.count >= 9 && accessoryDistances.count >= 9, "\(phoneDistances.count) and \(accessoryDistances.count) rounds")
        #expect((phoneDistances + accessoryDistances).allSatisfy { abs($0 - metres) < 0.1 }, "\(phoneDistances) \(accessoryDistances)")
    }

    @Test("an accessory whose STS IV differs from the phone's data never gives a distance on either side: the static STS from FiRa's key schedule differs")
    func mismatchedSTS() throws {
        let (phone, accessory, session) = try Self.range(metres: 3, iv: [0, 0, 0, 0, 0, 1])
        defer { session.invalidate() }
        // The link starts: the radio takes the configuration, only the sequences differ.
        _ = try #require(accessory.start.withLock { $0 }).get()
        #expect(phone.distances.isEmpty)
        #expect(accessory.distances.withLock { $0 }.isEmpty)
    }

    @Test("an accessory that stops ranging without a word is removed by the phone's session with timeout after the removal timeout")
    func accessoryDisappears() throws {
        let world = try SessionWorld(devices: [
            SessionWorld.device("alice", board: "ft232h-dwm3000-single", at: .zero),
            SessionWorld.device("bob", board: "ft232h-dwm3000-single", at: Vector3(x: 4, y: 0, z: 0)),
        ])
        let phone = SessionRecorder(name: "phone")
        let session = try world.session(on: "alice", recorder: phone)
        defer { session.invalidate() }
        var conversation = AccessoryConversation(uwb: Self.block)
        session.run(try NINearbyAccessoryConfiguration(data: Data(try conversation.configuration.encoded())))
        world.advance(by: .milliseconds(5))
        let shareable = try #require(phone.shareable.first)
        guard case .start(let fira) = try conversation.receive(.configureAndStart([UInt8](shareable.data))) else {
            Issue.record("the conversation did not start a session"); return
        }
        let accessory = Measurements()
        let bob = try world.service("bob")
        bob.startAccessoryLink(fira, measured: { _ in }, failed: { _ in }, started: { result in accessory.start.withLock { $0 = result } })
        world.advance(by: .seconds(1))
        #expect(!phone.distances.isEmpty)
        bob.stopAccessoryLink(try #require(accessory.start.withLock { $0 }).get())
        world.advance(by: DeviceServiceSettings().removalTimeout + .seconds(1))
        #expect(phone.lifecycle == [.started, .removed(.timeout)])
    }

    @Test("shareable data asking for another channel or preamble code than the accessory's radio has is invalidConfiguration, naming both", arguments: [(9, 9), (5, 12)])
    func otherChannel(channel: Int, preamble: Int) throws {
        let world = try SessionWorld(devices: [SessionWorld.device("bob", board: "ft232h-dwm3000-single", at: .zero)])
        var conversation = AccessoryConversation(uwb: Self.block)
        let data = ShareableConfigurationData(
            countryCode: Array("US".utf8), sessionID: 7, preambleCodeIndex: UInt8(preamble), channel: UInt8(channel), slotsPerRound: 6,
            slotDuration: 3600, rangingInterval: 180, rangingRoundControl: 3, stsIV: [1, 2, 3, 4, 5, 6], phoneAddress: 0x1234)
        guard case .start(let fira) = try conversation.receive(.configureAndStart(try data.encoded())) else {
            Issue.record("the conversation did not start a session"); return
        }
        let accessory = Measurements()
        try world.service("bob").startAccessoryLink(
            fira, measured: { _ in }, failed: { _ in }, started: { result in accessory.start.withLock { $0 = result } })
        world.advance(by: .milliseconds(1))
        guard case .failure(let error)? = accessory.start.withLock({ $0 }) else {
            Issue.record("the radio took a session on channel \(channel), code \(preamble)"); return
        }
        #expect(error.code == .invalidConfiguration)
        #expect(error.detail?.contains("channel \(channel) with preamble code \(preamble)") == true, "\(error)")
    }

    @Test("a DW1000 radio has no STS: running an accessory configuration invalidates the session with unsupportedPlatform")
    func noSTS() throws {
        let world = try SessionWorld(devices: [SessionWorld.device("alice", at: .zero)])
        let phone = SessionRecorder(name: "phone")
        let session = try world.session(on: "alice", recorder: phone)
        let octets = try AccessoryConversation(uwb: Self.block).configuration.encoded()
        session.run(try NINearbyAccessoryConfiguration(data: Data(octets)))
        world.advance(by: .milliseconds(5))
        #expect(phone.errors.map(\.code) == [.unsupportedPlatform])
        #expect(phone.errors.first?.detail?.contains("STS") == true)
    }
}
