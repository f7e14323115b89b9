/// The objects an application exports, each with its interfaces and their properties, and the
/// answers the bus's standard interfaces give about them: `ObjectManager.GetManagedObjects` and
/// `Properties.Get`/`GetAll` (the D-Bus specification, "Standard Interfaces").
package struct BusObjectTree: Sendable {
    /// Object path → interface → property name → value.
    package var objects: [String: [String: [String: BusValue]]] = [:]

    package static let objectManager = "org.freedesktop.DBus.ObjectManager"
    package static let properties = "org.freedesktop.DBus.Properties"

    /// An empty tree.
    package init() {}

    /// `GetManagedObjects`' answer (`a{oa{sa{sv}}}`) for the objects below `root`.
    package func managedObjects(below root: String) -> BusValue {
        let entries = objects.keys.sorted().filter { $0.hasPrefix(root + "/") }.map { path in
            BusDictionaryEntry(key: .objectPath(path), value: interfacesValue(objects[path] ?? [:]))
        }
        return .dictionary(keySignature: "o", valueSignature: "a{sa{sv}}", entries)
    }

    /// The answer to a call of the Properties interface on one of the objects; nil for any other call.
    package func answerPropertiesCall(_ call: BusIncoming) -> BusReply? {
        guard call.interface == Self.properties, let path = call.path, let interfaces = objects[path] else { return nil }
        let interface = call.arguments.first?.stringValue ?? ""
        guard let properties = interfaces[interface] else {
            return .error(name: "org.freedesktop.DBus.Error.UnknownInterface", message: "\(path) has no interface \(interface)")
        }
        switch call.member {
        case "GetAll":
            return .values([.properties(properties)])
        case "Get":
            let name = call.arguments.dropFirst().first?.stringValue ?? ""
            guard let value = properties[name] else {
                return .error(name: "org.freedesktop.DBus.Error.UnknownProperty", message: "\(interface) has no property \(name)")
            }
            return .values([.variant(value)])
        default:
            return .error(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: "the properties of \(path) are read-only")
        }
    }

    private func interfacesValue(_ interfaces: [String: [String: BusValue]]) -> BusValue {
        .dictionary(
            keySignature: "s", valueSignature: "a{sv}",
            interfaces.keys.sorted().map { BusDictionaryEntry(key: .string($0), value: .properties(interfaces[$0] ?? [:])) })
    }
}
