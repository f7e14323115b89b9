import AccessoryBluetooth
import Foundation

/// python-dbusmock's BlueZ template (`python3 -m dbusmock --template bluez5`) on a private bus,
/// with an adapter whose GATT and advertising managers (which the template lacks) record their
/// calls. Stopped when released.
final class BlueZMock: Sendable {
    let bus: PrivateBus
    let probe: BusProbe
    private let mock: Process

    static let python = "/usr/bin/python3"
    static let mockInterface = "org.freedesktop.DBus.Mock"

    /// Starts a bus and the mock on it, and waits until the mock owns `org.bluez`; with
    /// `adapter`, adds that adapter.
    ///
    /// - Throws: ``MockError`` if dbus-daemon or python3-dbusmock is missing or does not start.
    init(adapter: String? = "hci0", probeRules: [String] = []) async throws {
        bus = try PrivateBus()
        let ownerRule = "type='signal',sender='org.freedesktop.DBus',member='NameOwnerChanged',arg0='org.bluez'"
        probe = try BusProbe(bus: bus, matchRules: [ownerRule] + probeRules)
        let dbusmockPresent = Process()
        dbusmockPresent.executableURL = URL(fileURLWithPath: Self.python)
        dbusmockPresent.arguments = ["-c", "import dbusmock"]
        try dbusmockPresent.run()
        dbusmockPresent.waitUntilExit()
        guard dbusmockPresent.terminationStatus == 0 else {
            throw MockError("python-dbusmock is missing from \(Self.python): install python3-dbusmock (apt-get install python3-dbusmock); CI installs it")
        }
        mock = Process()
        mock.executableURL = URL(fileURLWithPath: Self.python)
        mock.arguments = ["-m", "dbusmock", "--session", "--template", "bluez5"]
        mock.environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "PATH": "/usr/bin:/bin"]
        mock.standardOutput = FileHandle.nullDevice
        mock.standardError = FileHandle.nullDevice
        try mock.run()
        let owned = try await probe.call("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus", "NameHasOwner", [.string("org.bluez")])
        if owned.first?.booleanValue != true {
            // Its own name's change only: a test's extra rules may let other names' changes through.
            _ = try await probe.signal("org.bluez on the bus") {
                $0.member == "NameOwnerChanged" && $0.arguments.first?.stringValue == "org.bluez" && $0.arguments.last?.stringValue != ""
            }
        }
        if let adapter { try await addAdapter(adapter) }
    }

    deinit {
        probe.connection.close()
        stop(mock)
    }

    /// Adds an adapter with the template's `AddAdapter`, and gives it `GattManager1` and
    /// `LEAdvertisingManager1` methods that do nothing but be recorded.
    func addAdapter(_ name: String) async throws {
        _ = try await probe.call("org.bluez", "/", "org.bluez.Mock", "AddAdapter", [.string(name), .string("swift-uwb test")])
        let path = "/org/bluez/" + name
        for (interface, register, unregister) in [
            ("org.bluez.GattManager1", "RegisterApplication", "UnregisterApplication"),
            ("org.bluez.LEAdvertisingManager1", "RegisterAdvertisement", "UnregisterAdvertisement"),
        ] {
            let methods: [BusValue] = [
                .structure([.string(register), .string("oa{sv}"), .string(""), .string("")]),
                .structure([.string(unregister), .string("o"), .string(""), .string("")]),
            ]
            _ = try await probe.call("org.bluez", path, Self.mockInterface, "AddMethods", [.string(interface), .array(elementSignature: "(ssss)", methods)])
        }
    }

    /// Adds a connected phone to adapter `hci0` (the template's `AddDevice` and `ConnectDevice`)
    /// and returns its object path.
    func connectPhone(address: String) async throws -> String {
        let added = try await probe.call("org.bluez", "/", "org.bluez.Mock", "AddDevice", [.string("hci0"), .string(address), .string("iPhone")])
        _ = try await probe.call("org.bluez", "/", "org.bluez.Mock", "ConnectDevice", [.string("hci0"), .string(address)])
        return added.first?.stringValue ?? ""
    }

    /// Disconnects the phone (the template's `DisconnectDevice`: `Connected` false on its Device1).
    func disconnectPhone(address: String) async throws {
        _ = try await probe.call("org.bluez", "/", "org.bluez.Mock", "DisconnectDevice", [.string("hci0"), .string(address)])
    }

    /// Stops the mock: BlueZ leaves the bus.
    func stopBlueZ() {
        stop(mock)
    }

    /// The calls the object at `path` recorded, as (method, arguments).
    func calls(at path: String) async throws -> [(method: String, arguments: [BusValue])] {
        let log = try await probe.call("org.bluez", path, Self.mockInterface, "GetCalls")
        guard case .array(_, let entries) = log.first ?? .strings([]) else { return [] }
        return entries.compactMap { entry in
            guard case .structure(let fields) = entry, fields.count == 3, let method = fields[1].stringValue,
                case .array(_, let arguments) = fields[2]
            else { return nil }
            return (method, arguments.map(\.unwrapped))
        }
    }
}
