/// BlueZ's names on the bus (`doc/org.bluez.*.rst` of bluez/bluez).
enum BlueZ {
    static let service = "org.bluez"
    static let adapterInterface = "org.bluez.Adapter1"
    static let deviceInterface = "org.bluez.Device1"
    static let gattManagerInterface = "org.bluez.GattManager1"
    static let advertisingManagerInterface = "org.bluez.LEAdvertisingManager1"
    static let serviceInterface = "org.bluez.GattService1"
    static let characteristicInterface = "org.bluez.GattCharacteristic1"

    /// The object path of the adapter BlueZ names `adapter` (`hci0` → `/org/bluez/hci0`).
    ///
    /// - Throws: ``AccessoryBluetoothError/invalidSetting(_:)`` if `adapter` is no adapter name.
    static func adapterPath(named adapter: String) throws(AccessoryBluetoothError) -> String {
        let adapterPath = "/org/bluez/" + adapter
        guard BusNames.isValidPath(adapterPath), !adapter.contains("/") else {
            throw .invalidSetting("the adapter \"\(adapter)\" is no adapter name; give one as `bluetoothctl list` shows it, such as hci0")
        }
        return adapterPath
    }

    /// The object path BlueZ gives the device of `address` on the adapter at `adapterPath`
    /// (`doc/org.bluez.Device.rst`: `…/hci0/dev_AA_BB_CC_DD_EE_FF`).
    ///
    /// - Throws: ``AccessoryBluetoothError/invalidSetting(_:)`` if `address` is no Bluetooth
    ///   address (six hexadecimal octets separated by colons).
    static func devicePath(address: String, adapterPath: String) throws(AccessoryBluetoothError) -> String {
        let octets = address.split(separator: ":", omittingEmptySubsequences: false)
        guard octets.count == 6, octets.allSatisfy({ $0.count == 2 && UInt8($0, radix: 16) != nil }) else {
            throw .invalidSetting("\"\(address)\" is no Bluetooth address; give one as AA:BB:CC:DD:EE:FF, as `bluetoothctl devices` lists them")
        }
        return adapterPath + "/dev_" + octets.joined(separator: "_").uppercased()
    }

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
        try BlueZ.checkAdapter(adapterPath, in: await blueZObjects())
    }
}

extension BlueZ {
    /// Checks that BlueZ's `objects` hold the adapter at `adapterPath` and that it is on.
    ///
    /// - Throws: ``AccessoryBluetoothError/noAdapter(name:available:)`` or
    ///   ``AccessoryBluetoothError/adapterOff(name:)``.
    static func checkAdapter(_ adapterPath: String, in objects: [String: [String: [String: BusValue]]]) throws(AccessoryBluetoothError) {
        let name = String(adapterPath.split(separator: "/").last ?? "")
        guard let adapter = objects[adapterPath]?[adapterInterface] else {
            let available = objects.filter { $0.value[adapterInterface] != nil }.keys.compactMap { $0.split(separator: "/").last.map(String.init) }
            throw .noAdapter(name: name, available: available.sorted())
        }
        guard adapter["Powered"]?.booleanValue != false else { throw .adapterOff(name: name) }
    }
}
