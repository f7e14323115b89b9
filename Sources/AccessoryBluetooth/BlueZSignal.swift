/// What a signal about BlueZ's objects says: the signals a Bluetooth link follows to learn that
/// its peer changed or left, and the match rules that select them.
enum BlueZSignal: Sendable {
    /// Properties of `interface` on the object at `path` changed (`Properties.PropertiesChanged`).
    case propertiesChanged(path: String, interface: String, changed: [String: BusValue])
    /// The object at `path` lost `interfaces` (`ObjectManager.InterfacesRemoved`).
    case interfacesRemoved(path: String, interfaces: [String])
    /// BlueZ left the bus (`NameOwnerChanged` of `org.bluez` to no owner).
    case blueZLeft

    /// The rules that select these signals for the objects below the adapter at `adapterPath`:
    /// its devices' (and their characteristics') property changes, objects going away, and BlueZ
    /// leaving the bus.
    static func matchRules(adapterPath: String) -> [String] {
        [
            "type='signal',sender='\(BlueZ.service)',interface='\(BusObjectTree.properties)',member='PropertiesChanged',path_namespace='\(adapterPath)'",
            "type='signal',sender='\(BlueZ.service)',interface='\(BusObjectTree.objectManager)',member='InterfacesRemoved'",
            "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',member='NameOwnerChanged',arg0='\(BlueZ.service)'",
        ]
    }

    /// What `signal` says; nil for a signal that is none of these.
    init?(_ signal: BusIncoming) {
        let arguments = signal.arguments
        switch (signal.interface ?? "", signal.member ?? "") {
        case (BusObjectTree.properties, "PropertiesChanged"):
            guard let path = signal.path, let interface = arguments.first?.stringValue,
                let changed = arguments.dropFirst().first?.entriesByName
            else { return nil }
            self = .propertiesChanged(path: path, interface: interface, changed: changed.mapValues(\.unwrapped))
        case (BusObjectTree.objectManager, "InterfacesRemoved"):
            guard let path = arguments.first?.stringValue, case .array(_, let interfaces) = arguments.dropFirst().first ?? .strings([]) else { return nil }
            self = .interfacesRemoved(path: path, interfaces: interfaces.compactMap(\.stringValue))
        case ("org.freedesktop.DBus", "NameOwnerChanged"):
            guard arguments.first?.stringValue == BlueZ.service, arguments.last?.stringValue == "" else { return nil }
            self = .blueZLeft
        default:
            return nil
        }
    }

    /// The device object this signal says is gone: its `Connected` became false, or its `Device1`
    /// interface was removed; nil for any other signal.
    var departedDevice: String? {
        switch self {
        case .propertiesChanged(let path, BlueZ.deviceInterface, let changed) where changed["Connected"]?.booleanValue == false:
            path
        case .interfacesRemoved(let path, let interfaces) where interfaces.contains(BlueZ.deviceInterface):
            path
        default:
            nil
        }
    }
}
