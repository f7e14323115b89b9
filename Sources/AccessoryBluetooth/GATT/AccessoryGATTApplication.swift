/// The objects a peripheral exports to BlueZ (`doc/org.bluez.GattManager.rst`, "GATT Application
/// Hierarchy"): below the root, the data channel (the Nordic UART Service with its RX and TX
/// characteristics), background mode's service with the accessory configuration data when there
/// is one, and the LE advertisement (`doc/org.bluez.LEAdvertisement.rst`).
struct AccessoryGATTApplication: Sendable {
    static let serviceInterface = BlueZ.serviceInterface
    static let characteristicInterface = BlueZ.characteristicInterface
    static let advertisementInterface = "org.bluez.LEAdvertisement1"

    /// The root: BlueZ calls its `GetManagedObjects`.
    let root: String
    let dataService: String
    /// RX: the phone writes here.
    let receive: String
    /// TX: the peripheral notifies here.
    let transmit: String
    let backgroundService: String
    let configurationCharacteristic: String
    let advertisement: String
    /// The objects and their properties.
    private(set) var tree = BusObjectTree()

    /// The application of `settings`, under its object path.
    init(settings: BlueZAccessorySettings) {
        root = settings.objectPath
        dataService = root + "/service0"
        receive = dataService + "/char0"
        transmit = dataService + "/char1"
        backgroundService = root + "/service1"
        configurationCharacteristic = backgroundService + "/char0"
        advertisement = root + "/advertisement0"
        addService(dataService, uuid: AccessoryGATTUUID.dataService)
        addCharacteristic(receive, of: dataService, uuid: AccessoryGATTUUID.dataReceive, flags: ["write", "write-without-response"])
        addCharacteristic(transmit, of: dataService, uuid: AccessoryGATTUUID.dataTransmit, flags: ["notify"])
        tree.objects[transmit]?[Self.characteristicInterface]?["Notifying"] = .boolean(false)
        if settings.configurationData != nil {
            addService(backgroundService, uuid: AccessoryGATTUUID.nearbyInteractionService)
            addCharacteristic(
                configurationCharacteristic, of: backgroundService, uuid: AccessoryGATTUUID.accessoryConfigurationData,
                flags: [settings.configurationDataNeedsPairing ? "encrypt-read" : "read"])
        }
        tree.objects[advertisement] = [
            Self.advertisementInterface: [
                "Type": .string("peripheral"),
                "ServiceUUIDs": .strings([AccessoryGATTUUID.dataService]),
                "LocalName": .string(settings.localName),
            ]
        ]
    }

    /// Records whether the phone subscribed to TX, for `GetManagedObjects` and `Properties.Get`.
    mutating func setNotifying(_ notifying: Bool) {
        tree.objects[transmit]?[Self.characteristicInterface]?["Notifying"] = .boolean(notifying)
    }

    /// `GetManagedObjects`' answer.
    var managedObjects: BusValue {
        tree.managedObjects(below: root)
    }

    private mutating func addService(_ path: String, uuid: String) {
        tree.objects[path] = [Self.serviceInterface: ["UUID": .string(uuid), "Primary": .boolean(true)]]
    }

    private mutating func addCharacteristic(_ path: String, of service: String, uuid: String, flags: [String]) {
        tree.objects[path] = [
            Self.characteristicInterface: ["UUID": .string(uuid), "Service": .objectPath(service), "Flags": .strings(flags)]
        ]
    }
}
