import AccessoryBluetooth
import AccessoryProtocol
import Testing
import UWBTestSupport

/// The peripheral against python-dbusmock's BlueZ on a private bus, the test playing bluetoothd's
/// part toward the exported objects: registration, the GATT objects, writes and notifications, a
/// phone leaving, and bad input.
/// One test at a time: each starts a D-Bus daemon and a Python BlueZ mock of its own.
@Suite("BlueZ accessory peripheral", .timeLimit(.minutes(10)), .serialized, .onOwnThread)
struct PeripheralTests {
    static let root = "/org/swiftuwb/accessory"
    static let receive = root + "/service0/char0"
    static let transmit = root + "/service0/char1"
    static let configurationCharacteristic = root + "/service1/char0"
    static let characteristic = "org.bluez.GattCharacteristic1"
    static let phoneAddress = "AA:BB:CC:DD:EE:01"
    /// The configuration data of the DWM3001CDK in `Docs/reference/accessory-protocol.md` §2.
    static let configurationData: [UInt8] =
        [0x01, 0x00, 0x00, 0x00, 0x14] + [UInt8](repeating: 0, count: 10)
        + [0x15, 0x01, 0x00, 0x01, 0x00, 0x3F, 0xF5, 0x03, 0x00, 0xB8, 0x0B, 0x00, 0x00, 0x00, 0x00, 0x01, 0x01, 0x01, 0x11, 0xD7, 0x19, 0x00]

    /// A running peripheral on a mock, with a rule that lets the probe see its TX notifications.
    struct Setup {
        let mock: BlueZMock
        let peripheral: BlueZAccessoryPeripheral

        init(configurationData: [UInt8]? = PeripheralTests.configurationData) async throws {
            let transmitRule = "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='\(PeripheralTests.transmit)'"
            mock = try await BlueZMock(probeRules: [transmitRule])
            peripheral = try await BlueZAccessoryPeripheral.start(
                BlueZAccessorySettings(localName: "swift-uwb", configurationData: configurationData), bus: .address(mock.bus.address))
        }

        /// Calls the peripheral's object at `path` as bluetoothd would.
        func callPeripheral(_ path: String, _ interface: String, _ member: String, _ arguments: [BusValue] = []) async throws(BusCallError) -> [BusValue] {
            try await mock.probe.call(peripheral.uniqueBusName, path, interface, member, arguments)
        }

        /// A phone's write of `octets` to RX, as bluetoothd passes it on.
        func write(_ octets: [UInt8], from device: String) async throws(BusCallError) {
            _ = try await callPeripheral(
                PeripheralTests.receive, PeripheralTests.characteristic, "WriteValue",
                [.octets(octets), .properties(["device": .objectPath(device), "type": .string("request"), "offset": .uint16(0)])])
        }

        /// A connected phone that subscribed to TX and wrote initialise, and its link.
        func connectedPhone() async throws -> (device: String, link: any AccessoryTransport) {
            let device = try await mock.connectPhone(address: PeripheralTests.phoneAddress)
            _ = try await callPeripheral(PeripheralTests.transmit, PeripheralTests.characteristic, "StartNotify")
            let link = try #require(await peripheral.accept())
            try await write([0x0A], from: device)
            #expect(try await link.receive() == .initialize)
            return (device, link)
        }
    }

    @Test("registers the GATT application and the advertisement with the adapter's managers")
    func registers() async throws {
        let setup = try await Setup()
        defer { setup.peripheral.close() }
        let calls = try await setup.mock.calls(at: "/org/bluez/hci0")
        let application = try #require(calls.first { $0.method == "RegisterApplication" })
        #expect(application.arguments.first == .objectPath(Self.root))
        let advertisement = try #require(calls.first { $0.method == "RegisterAdvertisement" })
        #expect(advertisement.arguments.first == .objectPath(Self.root + "/advertisement0"))
    }

    @Test("exports the data channel and background mode's service with their UUIDs and flags")
    func exportsObjects() async throws {
        let setup = try await Setup()
        defer { setup.peripheral.close() }
        let reply = try await setup.callPeripheral(Self.root, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects")
        let objects = try #require(reply.first?.entriesByName).mapValues { ($0.entriesByName ?? [:]).mapValues { ($0.entriesByName ?? [:]).mapValues(\.unwrapped) } }
        let service = "org.bluez.GattService1"
        #expect(objects[Self.root + "/service0"]?[service]?["UUID"] == .string("6E400001-B5A3-F393-E0A9-E50E24DCCA9E"))
        #expect(objects[Self.root + "/service0"]?[service]?["Primary"] == .boolean(true))
        #expect(objects[Self.receive]?[Self.characteristic]?["UUID"] == .string("6E400002-B5A3-F393-E0A9-E50E24DCCA9E"))
        #expect(objects[Self.receive]?[Self.characteristic]?["Flags"] == .strings(["write", "write-without-response"]))
        #expect(objects[Self.receive]?[Self.characteristic]?["Service"] == .objectPath(Self.root + "/service0"))
        #expect(objects[Self.transmit]?[Self.characteristic]?["UUID"] == .string("6E400003-B5A3-F393-E0A9-E50E24DCCA9E"))
        #expect(objects[Self.transmit]?[Self.characteristic]?["Flags"] == .strings(["notify"]))
        #expect(objects[Self.root + "/service1"]?[service]?["UUID"] == .string("48FE3E40-0817-4BB2-8633-3073689C2DBA"))
        #expect(objects[Self.configurationCharacteristic]?[Self.characteristic]?["UUID"] == .string("95E8D9D5-D8EF-4721-9A4E-807375F53328"))
        #expect(objects[Self.configurationCharacteristic]?[Self.characteristic]?["Flags"] == .strings(["encrypt-read"]))
        #expect(objects[Self.configurationCharacteristic]?[Self.characteristic]?["Service"] == .objectPath(Self.root + "/service1"))
        #expect(objects.count == 6)

        let advertisement = try await setup.callPeripheral(
            Self.root + "/advertisement0", "org.freedesktop.DBus.Properties", "GetAll", [.string("org.bluez.LEAdvertisement1")])
        let properties = try #require(advertisement.first?.entriesByName).mapValues(\.unwrapped)
        #expect(properties == ["Type": .string("peripheral"), "ServiceUUIDs": .strings(["6E400001-B5A3-F393-E0A9-E50E24DCCA9E"]), "LocalName": .string("swift-uwb")])
    }

    @Test("without configuration data there is no background-mode service")
    func noBackgroundService() async throws {
        let setup = try await Setup(configurationData: nil)
        defer { setup.peripheral.close() }
        let reply = try await setup.callPeripheral(Self.root, "org.freedesktop.DBus.ObjectManager", "GetManagedObjects")
        #expect(try #require(reply.first?.entriesByName).keys.sorted() == [Self.root + "/advertisement0", Self.root + "/service0", Self.receive, Self.transmit])
    }

    @Test("reads the configuration data, whole and from an offset")
    func readsConfigurationData() async throws {
        let setup = try await Setup()
        defer { setup.peripheral.close() }
        let whole = try await setup.callPeripheral(Self.configurationCharacteristic, Self.characteristic, "ReadValue", [.properties([:])])
        #expect(whole.first?.octetsValue == Self.configurationData)
        let tail = try await setup.callPeripheral(Self.configurationCharacteristic, Self.characteristic, "ReadValue", [.properties(["offset": .uint16(16)])])
        #expect(tail.first?.octetsValue == Array(Self.configurationData[16...]))
    }

    @Test("a phone's write arrives as a message, an answer leaves as a TX notification, and the phone's disconnect ends the link")
    func conversation() async throws {
        let setup = try await Setup()
        defer { setup.peripheral.close() }
        let (_, link) = try await setup.connectedPhone()
        #expect(link.name == "bluetooth:hci0/\(Self.phoneAddress)")

        try await link.send(.configurationData(Self.configurationData))
        let notification = try await setup.mock.probe.signal("TX notification") { $0.path == Self.transmit && $0.sender == setup.peripheral.uniqueBusName }
        #expect(notification.arguments.first == .string(Self.characteristic))
        #expect(notification.arguments.dropFirst().first?.entriesByName?["Value"]?.unwrapped.octetsValue == [0x01] + Self.configurationData)

        try await setup.mock.disconnectPhone(address: Self.phoneAddress)
        #expect(try await link.receive() == nil)
        await #expect(throws: AccessoryTransportError.disconnected(link.name)) { try await link.send(.didStop) }
    }

    @Test("StopNotify ends the link, and the next phone's write starts a new one")
    func stopNotify() async throws {
        let setup = try await Setup()
        defer { setup.peripheral.close() }
        let (device, link) = try await setup.connectedPhone()
        _ = try await setup.callPeripheral(Self.transmit, Self.characteristic, "StopNotify")
        #expect(try await link.receive() == nil)

        try await setup.write([0x0C], from: device)
        let next = try #require(await setup.peripheral.accept())
        #expect(try await next.receive() == .stop)
        await #expect(throws: AccessoryTransportError.self) { try await next.send(.didStop) }
    }

    @Test("octets that are no message throw malformed, and the link stays usable")
    func malformedWrite() async throws {
        let setup = try await Setup()
        defer { setup.peripheral.close() }
        let (device, link) = try await setup.connectedPhone()
        try await setup.write([0x7F], from: device)
        await #expect(throws: AccessoryTransportError.malformed(.unknownMessage(0x7F))) { try await link.receive() }
        try await setup.write([0x0C], from: device)
        #expect(try await link.receive() == .stop)
    }

    @Test("a write longer than any message is refused with InvalidValueLength, and the link stays usable")
    func overlongWrite() async throws {
        let setup = try await Setup()
        defer { setup.peripheral.close() }
        let (device, link) = try await setup.connectedPhone()
        let overlong = [UInt8](repeating: 0x0B, count: AccessoryMessage.maximumLength + 1)
        await #expect {
            try await setup.write(overlong, from: device)
        } throws: { error in
            guard case BusCallError.remote(let name, _) = error else { return false }
            return name == "org.bluez.Error.InvalidValueLength"
        }
        let longest = [0x0B] + [UInt8](repeating: 0xAB, count: AccessoryMessage.maximumLength - 1)
        try await setup.write(longest, from: device)
        #expect(try await link.receive() == .configureAndStart(Array(longest.dropFirst())))
    }

    @Test("a second phone's write is refused while the first holds the data channel")
    func secondPhone() async throws {
        let setup = try await Setup()
        defer { setup.peripheral.close() }
        _ = try await setup.connectedPhone()
        let other = try await setup.mock.connectPhone(address: "AA:BB:CC:DD:EE:02")
        await #expect {
            try await setup.write([0x0A], from: other)
        } throws: { error in
            guard case BusCallError.remote(let name, _) = error else { return false }
            return name == "org.bluez.Error.InProgress"
        }
    }
}
