/// What a ``BlueZAccessoryPeripheral`` advertises and exports, and where.
public struct BlueZAccessorySettings: Sendable, Hashable {
    /// The name the advertisement carries (keep it short: an advertisement has 31 octets).
    public var localName: String
    /// The adapter, as BlueZ names it (`hci0`).
    public var adapter: String
    /// The accessory configuration data background mode's characteristic holds (the
    /// ``AccessoryProtocol/AccessoryConfigurationData`` octets); nil: no background-mode service.
    public var configurationData: [UInt8]?
    /// Whether reading the configuration data needs an encrypted (paired) link, as NXP's firmware
    /// has it.
    public var configurationDataNeedsPairing: Bool
    /// Where the application's objects go on the bus: an object path no other application of the
    /// process uses.
    public var objectPath: String

    /// Settings for an accessory named `localName` on `adapter`.
    public init(
        localName: String, adapter: String = "hci0", configurationData: [UInt8]? = nil, configurationDataNeedsPairing: Bool = true,
        objectPath: String = "/org/swiftuwb/accessory"
    ) {
        self.localName = localName
        self.adapter = adapter
        self.configurationData = configurationData
        self.configurationDataNeedsPairing = configurationDataNeedsPairing
        self.objectPath = objectPath
    }

    /// The adapter's object path under BlueZ.
    ///
    /// - Throws: ``AccessoryBluetoothError/invalidSetting(_:)`` if the adapter's name or the object
    ///   path is not one D-Bus allows.
    func validatedAdapterPath() throws(AccessoryBluetoothError) -> String {
        let adapterPath = try BlueZ.adapterPath(named: adapter)
        guard BusNames.isValidPath(objectPath), objectPath != "/" else {
            throw .invalidSetting("the object path \"\(objectPath)\" is not a D-Bus object path below /; give one such as /org/example/accessory")
        }
        return adapterPath
    }
}
