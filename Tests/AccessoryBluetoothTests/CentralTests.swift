import AccessoryBluetooth
import AccessoryProtocol
import Testing
import UWBTestSupport

/// The phone's side against python-dbusmock's BlueZ on a private bus, the mock playing an
/// accessory BlueZ knows: connecting, the data channel's writes and notifications, the accessory
/// disconnecting or being removed, BlueZ leaving, closing, and bad input.
/// One test at a time: each starts a D-Bus daemon and a Python BlueZ mock of its own.
@Suite("BlueZ accessory central", .timeLimit(.minutes(10)), .serialized, .onOwnThread)
struct CentralTests {
    static let address = "AA:BB:CC:DD:EE:10"

    /// Connects the central to the accessory at ``address`` on `mock`.
    static func connect(_ mock: BlueZMock, deadline: Duration = BlueZAccessoryCentral.defaultDeadline) async throws(AccessoryBluetoothError) -> any AccessoryTransport {
        try await BlueZAccessoryCentral.connect(to: address, bus: .address(mock.bus.address), deadline: deadline)
    }

    @Test("subscribes to TX, writes a message to RX, receives TX notifications, and ends when the accessory disconnects")
    func conversation() async throws {
        let mock = try await BlueZMock()
        let accessory = try await mock.addAccessory(address: Self.address)
        let link = try await Self.connect(mock)
        #expect(link.name == "bluetooth:hci0/\(Self.address)")
        #expect(try await mock.calls(at: accessory.transmit).map(\.method) == ["StartNotify"])

        try await link.send(.initialize)
        let writes = try await mock.calls(at: accessory.receive)
        #expect(writes.map(\.method) == ["WriteValue"])
        #expect(writes.first?.arguments.first == .octets([0x0A]))
        #expect(writes.first?.arguments.dropFirst().first?.entriesByName?["type"]?.unwrapped == .string("request"))

        try await mock.notify([0x01] + PeripheralTests.configurationData, from: accessory)
        #expect(try await link.receive() == .configurationData(PeripheralTests.configurationData))

        try await mock.notify([0x7F], from: accessory)
        await #expect(throws: AccessoryTransportError.malformed(.unknownMessage(0x7F))) { try await link.receive() }
        try await mock.notify([0x03], from: accessory)
        #expect(try await link.receive() == .didStop)

        try await mock.disconnectPhone(address: Self.address)
        #expect(try await link.receive() == nil)
        await #expect(throws: AccessoryTransportError.disconnected(link.name)) { try await link.send(.stop) }
    }

    @Test("BlueZ removing the device ends the link")
    func deviceRemoved() async throws {
        let mock = try await BlueZMock()
        let accessory = try await mock.addAccessory(address: Self.address)
        let link = try await Self.connect(mock)
        _ = try await mock.probe.call("org.bluez", "/org/bluez/hci0", "org.bluez.Adapter1", "RemoveDevice", [.objectPath(accessory.device)])
        #expect(try await link.receive() == nil)
        await #expect(throws: AccessoryTransportError.disconnected(link.name)) { try await link.send(.stop) }
    }

    @Test("BlueZ leaving the bus ends the link")
    func blueZLeaves() async throws {
        let mock = try await BlueZMock()
        _ = try await mock.addAccessory(address: Self.address)
        let link = try await Self.connect(mock)
        mock.stopBlueZ()
        #expect(try await link.receive() == nil)
        await #expect(throws: AccessoryTransportError.disconnected(link.name)) { try await link.send(.stop) }
    }

    @Test("connects a device that is not connected and waits until its services are resolved")
    func connectsAndWaits() async throws {
        let deviceRule = "type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='/org/bluez/hci0/dev_AA_BB_CC_DD_EE_10'"
        let mock = try await BlueZMock(probeRules: [deviceRule])
        let accessory = try await mock.addAccessory(address: Self.address, connected: false, dataChannel: false)
        // A child task, so that it runs on the suite's own thread too (an unstructured task would not).
        async let connecting = Self.connect(mock)
        _ = try await mock.probe.signal("Connected true") { $0.arguments.dropFirst().first?.entriesByName?["Connected"]?.unwrapped == .boolean(true) }
        try await mock.resolveServices(of: accessory)
        let link = try await connecting
        #expect(try await mock.calls(at: accessory.device).map(\.method) == ["Connect"])
        #expect(try await mock.calls(at: accessory.transmit).map(\.method) == ["StartNotify"])
        link.close()
    }

    @Test("close unsubscribes from TX and disconnects the accessory")
    func close() async throws {
        let leftRule = "type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged'"
        let mock = try await BlueZMock(probeRules: [leftRule])
        let accessory = try await mock.addAccessory(address: Self.address)
        let link = try await Self.connect(mock)
        link.close()
        #expect(try await link.receive() == nil)
        // The central's connection leaving the bus comes after what it sent before.
        _ = try await mock.probe.signal("the central leaving the bus") { signal in
            signal.arguments.first?.stringValue?.hasPrefix(":") == true && signal.arguments.last?.stringValue == ""
        }
        #expect(try await mock.calls(at: accessory.transmit).map(\.method) == ["StartNotify", "StopNotify"])
        #expect(try await mock.calls(at: accessory.device).map(\.method) == ["Disconnect"])
        await #expect(throws: AccessoryTransportError.disconnected(link.name)) { try await link.send(.stop) }
    }

    @Test("an address BlueZ does not know: the error says to scan or pair")
    func unknownDevice() async throws {
        let mock = try await BlueZMock()
        await #expect {
            _ = try await Self.connect(mock)
        } throws: { error in
            guard case AccessoryBluetoothError.unknownDevice(Self.address, "hci0") = error else { return false }
            return "\(error)".contains("scan le")
        }
    }

    @Test("a device without the data channel: the error names what is missing")
    func noDataChannel() async throws {
        let mock = try await BlueZMock()
        let accessory = try await mock.addAccessory(address: Self.address, dataChannel: false)
        _ = try await mock.probe.call(
            "org.bluez", accessory.device, BlueZMock.mockInterface, "UpdateProperties", [.string("org.bluez.Device1"), .properties(["ServicesResolved": .boolean(true)])])
        await #expect(throws: AccessoryBluetoothError.noDataChannel(address: Self.address, missing: "the service 6E400001-B5A3-F393-E0A9-E50E24DCCA9E")) {
            _ = try await Self.connect(mock)
        }
    }

    @Test("a device that never resolves its services: the deadline ends the wait")
    func deadline() async throws {
        let mock = try await BlueZMock()
        _ = try await mock.addAccessory(address: Self.address, dataChannel: false)
        await #expect(throws: AccessoryBluetoothError.connectionTimedOut(address: Self.address, seconds: 1)) {
            _ = try await Self.connect(mock, deadline: .seconds(1))
        }
    }

    @Test("a string that is no Bluetooth address")
    func invalidAddress() async throws {
        await #expect {
            _ = try await BlueZAccessoryCentral.connect(to: "AA:BB:CC", bus: .address("unix:path=/nonexistent/bus"))
        } throws: { error in
            guard case AccessoryBluetoothError.invalidSetting = error else { return false }
            return true
        }
    }
}
