/// An accessory's data channel as BlueZ shows a connected device's GATT services: the RX
/// characteristic the phone writes and the TX characteristic the accessory notifies, found by
/// their UUIDs (``AccessoryGATTUUID``) below the device's object.
struct BlueZDataChannel: Sendable, Hashable {
    /// RX's object path.
    let receive: String
    /// TX's object path.
    let transmit: String
    /// How a write of RX goes: `command` (without response) if RX allows only that, else `request`.
    let writeType: String

    /// The data channel of the device at `device` among BlueZ's `objects`.
    ///
    /// - Throws: ``AccessoryBluetoothError/noDataChannel(address:missing:)`` naming the service or
    ///   characteristic that is not there.
    init(device: String, in objects: [String: [String: [String: BusValue]]]) throws(AccessoryBluetoothError) {
        let address = BlueZ.address(ofDevice: device)
        let below = objects.filter { $0.key.hasPrefix(device + "/") }
        guard let service = Self.path(in: below, interface: BlueZ.serviceInterface, uuid: AccessoryGATTUUID.dataService, where: { _ in true }) else {
            throw .noDataChannel(address: address, missing: "the service \(AccessoryGATTUUID.dataService)")
        }
        let inService = { (properties: [String: BusValue]) in properties["Service"]?.stringValue == service }
        guard let receive = Self.path(in: below, interface: BlueZ.characteristicInterface, uuid: AccessoryGATTUUID.dataReceive, where: inService) else {
            throw .noDataChannel(address: address, missing: "the RX characteristic \(AccessoryGATTUUID.dataReceive)")
        }
        guard let transmit = Self.path(in: below, interface: BlueZ.characteristicInterface, uuid: AccessoryGATTUUID.dataTransmit, where: inService) else {
            throw .noDataChannel(address: address, missing: "the TX characteristic \(AccessoryGATTUUID.dataTransmit)")
        }
        self.receive = receive
        self.transmit = transmit
        let flags = Self.strings(of: below[receive]?[BlueZ.characteristicInterface]?["Flags"] ?? .strings([]))
        writeType = flags.contains("write-without-response") && !flags.contains("write") ? "command" : "request"
    }

    /// The first object (by path) with `interface` whose `UUID` is `uuid` (BlueZ writes UUIDs in
    /// lower case) and whose properties satisfy `condition`.
    private static func path(
        in objects: [String: [String: [String: BusValue]]], interface: String, uuid: String, where condition: ([String: BusValue]) -> Bool
    ) -> String? {
        objects.keys.sorted().first { path in
            guard let properties = objects[path]?[interface] else { return false }
            return properties["UUID"]?.stringValue?.uppercased() == uuid.uppercased() && condition(properties)
        }
    }

    private static func strings(of value: BusValue) -> [String] {
        guard case .array(_, let elements) = value else { return [] }
        return elements.compactMap(\.stringValue)
    }
}
