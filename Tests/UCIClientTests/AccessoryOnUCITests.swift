import AccessoryProtocol
import EmulatorHarness
import Foundation
import NearbyInteraction
import Testing
import UCIClient
import UWBTestSupport

/// Both sides of Apple's accessory protocol on `uwb uci serve`'s devices, talking over the socket
/// transport: an iOS-style NISession as the phone, swift-uwb's `NearbyAccessory` as the
/// accessory, each on a UCI device of the same room 3 m apart. The tests run on a thread of their
/// own (`.onOwnThread`): the shared pool can be full of long synchronous tests for minutes.
@Suite(.timeLimit(.minutes(10)), .onOwnThread) struct AccessoryOnUCITests {
    /// The phone's side of a conversation: the transport, the session and its events.
    struct Phone {
        let link: AccessorySocketTransport
        let session: NISession
        var events: AsyncStream<NISession.Event>.Iterator
    }

    /// Serves the first phone that connects to `listener`, to its end.
    static func serveOne(_ accessory: NearbyAccessory, from listener: AccessorySocketListener) async throws {
        guard let transport = await listener.accept() else { return }
        try await accessory.serve(transport)
    }

    /// Initialises the accessory listening on `port` from a new session on `service`, runs the
    /// configuration its data makes, and sends it the shareable data the session generates.
    static func connectPhone(on service: DeviceService, to port: UInt16) async throws -> (Phone, NINearbyAccessoryConfiguration, Data) {
        let link = try AccessorySocketTransport.connect(port: port)
        try await link.send(.initialize)
        guard case .configurationData(let octets)? = try await link.receive() else {
            throw AccessoryTransportError.failed("the accessory did not answer initialise with its configuration data")
        }
        let configuration = try NINearbyAccessoryConfiguration(data: Data(octets))
        let session = NISession(device: service)
        var events = session.events().makeAsyncIterator()
        session.run(configuration)
        while let event = await events.next() {
            switch event {
            case .didGenerateShareableConfigurationData(let data, let object):
                #expect(object.discoveryToken == configuration.accessoryDiscoveryToken)
                try await link.send(.configureAndStart([UInt8](data)))
                return (Phone(link: link, session: session, events: events), configuration, data)
            case .didInvalidate(let error):
                throw error
            default:
                continue
            }
        }
        throw NIError(.sessionFailed, detail: "the session's events ended before it generated shareable data")
    }

    @Test("an NISession ranges with a NearbyAccessory: initialise, configuration data, shareable data, started, distances at 3 m on both sides, stop, stopped")
    func phoneAndAccessoryRange() async throws {
        let room = try UCITestServer(try FacingPair.emulation(seed: 71, distance: 3))
        let phoneService = try room.service()
        let accessory = NearbyAccessory(device: try room.service())
        var accessoryEvents = accessory.events().makeAsyncIterator()
        let listener = try AccessorySocketListener(port: 0)
        async let serving: Void = Self.serveOne(accessory, from: listener)
        var (phone, configuration, shareable) = try await Self.connectPhone(on: phoneService, to: listener.port)
        #expect(configuration.accessoryDiscoveryToken.content.shortAddress == accessory.uwb.macAddress)
        // 28 octets of version 1.0, the phone's address in its last two.
        #expect(shareable.count == 28)
        #expect(try await phone.link.receive() == .didStart)

        var distances: [Double] = []
        while distances.count < 3, let event = await phone.events.next() {
            switch event {
            case .didUpdate(let object, _):
                #expect(object.discoveryToken == configuration.accessoryDiscoveryToken)
                distances.append(object.distance.map(Double.init) ?? .nan)
            case .didInvalidate(let error):
                Issue.record("the phone's session ended: \(error)")
                return
            default:
                continue
            }
        }
        #expect(distances.count == 3 && distances.allSatisfy { abs($0 - 3) < 0.1 }, "\(distances)")

        var accessoryDistances: [Double] = []
        while accessoryDistances.count < 3, let event = await accessoryEvents.next() {
            if case .measured(let measurement) = event {
                accessoryDistances.append(measurement.distance?.metres ?? .nan)
            }
        }
        #expect(accessoryDistances.allSatisfy { abs($0 - 3) < 0.1 }, "\(accessoryDistances)")

        try await phone.link.send(.stop)
        #expect(try await phone.link.receive() == .didStop)
        phone.link.close()
        try await serving
        phone.session.invalidate()
        listener.close()
    }

    @Test("an emulated Android phone ranges with the same accessory: 0xA5, the 18 octets, the 14, started, distances at 3 m, 240 ms apart")
    func androidPhone() async throws {
        let room = try UCITestServer(try FacingPair.emulation(seed: 72, distance: 3))
        let phone = EmulatedPhone(device: try room.service(), platform: .android)
        let accessory = NearbyAccessory(device: try room.service())
        var accessoryEvents = accessory.events().makeAsyncIterator()
        let listener = try AccessorySocketListener(port: 0)
        defer { listener.close() }
        async let serving: Void = Self.serveOne(accessory, from: listener)
        let link = try AccessorySocketTransport.connect(port: listener.port)
        try await phone.start(over: link)
        var measurements: [Double] = []
        for await measurement in phone.measurements {
            measurements.append(measurement.distance?.metres ?? .nan)
            if measurements.count == 3 { break }
        }
        #expect(measurements.count == 3 && measurements.allSatisfy { abs($0 - 3) < 0.1 }, "\(measurements)")
        var started: AccessoryFiRaSession?
        while started == nil, let event = await accessoryEvents.next() {
            if case .started(let session) = event { started = session }
        }
        #expect(started?.rangingInterval == .milliseconds(240) && started?.vendorID == [0x08, 0x07] && started?.isController == true)
        try await phone.stop(over: link)
        link.close()
        try await serving
    }

    @Test("a phone that disconnects mid-session stops the accessory's session: it reports stopped and serves no more")
    func phoneDisappears() async throws {
        let room = try UCITestServer(try FacingPair.emulation(seed: 73, distance: 2))
        let accessory = NearbyAccessory(device: try room.service())
        var events = accessory.events().makeAsyncIterator()
        let listener = try AccessorySocketListener(port: 0)
        defer { listener.close() }
        async let serving: Void = Self.serveOne(accessory, from: listener)
        let (phone, _, _) = try await Self.connectPhone(on: try room.service(), to: listener.port)
        #expect(try await phone.link.receive() == .didStart)
        var measured = false
        while !measured, let event = await events.next() {
            if case .measured = event { measured = true }
        }
        phone.link.close()
        try await serving
        var stopped = false
        while !stopped, let event = await events.next() {
            if case .stopped = event { stopped = true }
        }
        #expect(stopped)
        phone.session.invalidate()
    }
}
