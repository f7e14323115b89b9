/// BlueZ's names on the bus (`doc/org.bluez.*.rst` of bluez/bluez).
enum BlueZ {
    static let service = "org.bluez"
    static let adapterInterface = "org.bluez.Adapter1"
    static let deviceInterface = "org.bluez.Device1"
    static let gattManagerInterface = "org.bluez.GattManager1"
    static let advertisingManagerInterface = "org.bluez.LEAdvertisingManager1"

    /// The Bluetooth address of the device at `path` (`…/dev_AA_BB_CC_DD_EE_FF`), or the path
    /// itself if it names none.
    static func address(ofDevice path: String) -> String {
        guard let last = path.split(separator: "/").last, last.hasPrefix("dev_") else { return path }
        return String(last.dropFirst(4).map { $0 == "_" ? ":" : $0 })
    }
}

extension BusConnection {
    /// Calls `member` of BlueZ's `interface` on the object at `path`.
    ///
    /// - Throws: the ``AccessoryBluetoothError`` the failure means for `operation`.
    func callBlueZ(
        _ member: String, of interface: String, at path: String, arguments: [BusValue] = [], operation: String
    ) async throws(AccessoryBluetoothError) -> BusIncoming {
        do {
            return try await call(.methodCall(destination: BlueZ.service, path: path, interface: interface, member: member, arguments: arguments))
        } catch {
            throw AccessoryBluetoothError(error, operation: operation, bus: busName)
        }
    }

    /// BlueZ's objects (`GetManagedObjects` on its root) by path: interface → properties.
    ///
    /// - Throws: ``AccessoryBluetoothError/blueZNotRunning(bus:)`` if BlueZ is not on the bus,
    ///   or what else the call's failure means.
    func blueZObjects() async throws(AccessoryBluetoothError) -> [String: [String: [String: BusValue]]] {
        let reply = try await callBlueZ("GetManagedObjects", of: BusObjectTree.objectManager, at: "/", operation: "listing BlueZ's objects")
        let objects = reply.arguments.first?.entriesByName ?? [:]
        return objects.mapValues { interfaces in
            (interfaces.entriesByName ?? [:]).mapValues { properties in
                (properties.entriesByName ?? [:]).mapValues(\.unwrapped)
            }
        }
    }

    /// Checks that BlueZ has the adapter at `adapterPath` and that it is on.
    ///
    /// - Throws: ``AccessoryBluetoothError/noAdapter(name:available:)``,
    ///   ``AccessoryBluetoothError/adapterOff(name:)``, or why BlueZ could not be asked.
    func checkAdapter(_ adapterPath: String) async throws(AccessoryBluetoothError) {
        let objects = try await blueZObjects()
        let name = String(adapterPath.split(separator: "/").last ?? "")
        guard let adapter = objects[adapterPath]?[BlueZ.adapterInterface] else {
            let available = objects.filter { $0.value[BlueZ.adapterInterface] != nil }.keys.compactMap { $0.split(separator: "/").last.map(String.init) }
            throw .noAdapter(name: name, available: available.sorted())
        }
        guard adapter["Powered"]?.booleanValue != false else { throw .adapterOff(name: name) }
    }
}
