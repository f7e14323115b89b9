import AccessoryBluetooth
import Testing
import UWBTestSupport

/// What starting the peripheral says when BlueZ, the adapter or the bus is not there.
/// One test at a time: each starts a D-Bus daemon and a Python BlueZ mock of its own.
@Suite("BlueZ accessory peripheral: start errors", .timeLimit(.minutes(10)), .serialized, .onOwnThread)
struct StartErrorTests {
    @Test("BlueZ not on the bus")
    func blueZMissing() async throws {
        let bus = try PrivateBus()
        await #expect(throws: AccessoryBluetoothError.blueZNotRunning(bus: "the D-Bus bus at \(bus.address)")) {
            _ = try await BlueZAccessoryPeripheral.start(BlueZAccessorySettings(localName: "swift-uwb"), bus: .address(bus.address))
        }
    }

    @Test("no adapter of that name: the error names the ones there are")
    func noAdapter() async throws {
        let mock = try await BlueZMock()
        await #expect(throws: AccessoryBluetoothError.noAdapter(name: "hci1", available: ["hci0"])) {
            _ = try await BlueZAccessoryPeripheral.start(BlueZAccessorySettings(localName: "swift-uwb", adapter: "hci1"), bus: .address(mock.bus.address))
        }
    }

    @Test("an adapter without a GATT manager: BlueZ's refusal is passed on with advice")
    func noGATTManager() async throws {
        let mock = try await BlueZMock(adapter: nil)
        _ = try await mock.probe.call("org.bluez", "/", "org.bluez.Mock", "AddAdapter", [.string("hci0"), .string("bare")])
        do {
            _ = try await BlueZAccessoryPeripheral.start(BlueZAccessorySettings(localName: "swift-uwb"), bus: .address(mock.bus.address))
            Issue.record("the peripheral started without a GATT manager")
        } catch {
            guard case .blueZRefused(let operation, _, _) = error else { throw error }
            #expect(operation == "registering the GATT application on hci0")
            #expect(error.description.contains("BlueZ 5.50 or later"))
        }
    }

    @Test("a bus that is not there")
    func noBus() async throws {
        await #expect {
            _ = try await BlueZAccessoryPeripheral.start(BlueZAccessorySettings(localName: "swift-uwb"), bus: .address("unix:path=/nonexistent/bus"))
        } throws: { error in
            guard case AccessoryBluetoothError.busUnavailable = error else { return false }
            return "\(error)".contains("is the D-Bus daemon running")
        }
    }

    @Test("an adapter name that is no path element")
    func invalidAdapter() async throws {
        await #expect {
            _ = try await BlueZAccessoryPeripheral.start(BlueZAccessorySettings(localName: "swift-uwb", adapter: "hci-0"), bus: .address("unix:path=/nonexistent/bus"))
        } throws: { error in
            guard case AccessoryBluetoothError.invalidSetting = error else { return false }
            return true
        }
    }
}
