import AccessoryBluetooth

/// An accessory among the mock's devices, as BlueZ shows a remote GATT server once connected: a
/// data service with its RX and TX characteristics below the device object (the template has no
/// GATT client objects; these record their calls).
extension BlueZMock {
    /// The object paths of an accessory the mock knows.
    struct Accessory {
        let device: String
        var service: String { device + "/service000a" }
        var receive: String { service + "/char000b" }
        var transmit: String { service + "/char000d" }
    }

    /// Adds the accessory of `address` to adapter hci0; with `connected`, connected (the
    /// template's `ConnectDevice`); with `dataChannel`, its data channel's objects (UUIDs in lower
    /// case, as BlueZ writes them) and `ServicesResolved` true.
    func addAccessory(address: String, connected: Bool = true, dataChannel: Bool = true) async throws -> Accessory {
        let added = try await probe.call("org.bluez", "/", "org.bluez.Mock", "AddDevice", [.string("hci0"), .string(address), .string("UWB accessory")])
        let accessory = Accessory(device: added.first?.stringValue ?? "")
        if connected {
            _ = try await probe.call("org.bluez", "/", "org.bluez.Mock", "ConnectDevice", [.string("hci0"), .string(address)])
        }
        if dataChannel { try await resolveServices(of: accessory) }
        return accessory
    }

    /// Adds the accessory's data service, RX and TX, and sets its `ServicesResolved` true (which
    /// emits `PropertiesChanged`).
    func resolveServices(of accessory: Accessory) async throws {
        try await addObject(
            accessory.service, "org.bluez.GattService1",
            ["UUID": .string("6e400001-b5a3-f393-e0a9-e50e24dcca9e"), "Primary": .boolean(true), "Device": .objectPath(accessory.device)], methods: [])
        try await addObject(
            accessory.receive, Self.characteristic,
            [
                "UUID": .string("6e400002-b5a3-f393-e0a9-e50e24dcca9e"), "Service": .objectPath(accessory.service),
                "Flags": .strings(["write", "write-without-response"]), "Value": .octets([]),
            ],
            methods: [("WriteValue", "aya{sv}")])
        try await addObject(
            accessory.transmit, Self.characteristic,
            [
                "UUID": .string("6e400003-b5a3-f393-e0a9-e50e24dcca9e"), "Service": .objectPath(accessory.service),
                "Flags": .strings(["notify"]), "Value": .octets([]), "Notifying": .boolean(false),
            ],
            methods: [("StartNotify", ""), ("StopNotify", "")])
        _ = try await probe.call(
            "org.bluez", accessory.device, Self.mockInterface, "UpdateProperties", [.string("org.bluez.Device1"), .properties(["ServicesResolved": .boolean(true)])])
    }

    /// The accessory's notification of `octets` on TX: its `Value` set, which emits `PropertiesChanged`.
    func notify(_ octets: [UInt8], from accessory: Accessory) async throws {
        _ = try await probe.call("org.bluez", accessory.transmit, Self.mockInterface, "UpdateProperties", [.string(Self.characteristic), .properties(["Value": .octets(octets)])])
    }

    static let characteristic = "org.bluez.GattCharacteristic1"

    /// Adds an object whose `methods` (name, input signature) do nothing but be recorded.
    private func addObject(_ path: String, _ interface: String, _ properties: [String: BusValue], methods: [(String, String)]) async throws {
        let recorded: [BusValue] = methods.map { .structure([.string($0.0), .string($0.1), .string(""), .string("")]) }
        _ = try await probe.call(
            "org.bluez", "/", Self.mockInterface, "AddObject",
            [.string(path), .string(interface), .properties(properties), .array(elementSignature: "(ssss)", recorded)])
    }
}
