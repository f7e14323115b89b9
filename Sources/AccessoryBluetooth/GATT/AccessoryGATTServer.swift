import AccessoryProtocol

/// Serves the peripheral's exported objects on the bus's loop thread: BlueZ's calls of
/// `GetManagedObjects`, `WriteValue`, `ReadValue`, `StartNotify`, `StopNotify` and `Release`, and
/// the signals that say a phone left. One phone holds the data channel at a time: BlueZ sends a
/// TX notification to every subscribed phone, so a second phone would read the first one's messages.
///
/// `@unchecked Sendable`: ``application``, ``link`` and ``notifying`` are the loop thread's only;
/// other threads reach them through ``BusConnection/onLoop(_:)``.
final class AccessoryGATTServer: BusMessageHandler, @unchecked Sendable {
    private let connection: BusConnection
    private var application: AccessoryGATTApplication
    private let configurationData: [UInt8]?
    private let adapterPath: String
    /// The link of each phone that starts talking, for ``BlueZAccessoryPeripheral/accept()``.
    let newLinks = AsyncQueue<BlueZPhoneLink>()
    private var link: BlueZPhoneLink?
    private var notifying = false

    private static let characteristic = AccessoryGATTApplication.characteristicInterface

    init(connection: BusConnection, application: AccessoryGATTApplication, configurationData: [UInt8]?, adapterPath: String) {
        self.connection = connection
        self.application = application
        self.configurationData = configurationData
        self.adapterPath = adapterPath
    }

    /// The signals the server needs: a device of the adapter disconnecting or going away, and
    /// BlueZ leaving the bus.
    var matchRules: [String] {
        BlueZSignal.matchRules(adapterPath: adapterPath)
    }

    func handleCall(_ call: BusIncoming) -> BusReply? {
        guard let path = call.path, path == application.root || path.hasPrefix(application.root + "/") else { return nil }
        if let answer = application.tree.answerPropertiesCall(call) { return answer }
        switch (path, call.interface ?? "", call.member ?? "") {
        case (application.root, BusObjectTree.objectManager, "GetManagedObjects"):
            return .values([application.managedObjects])
        case (application.receive, Self.characteristic, "WriteValue"):
            return write(call.arguments)
        case (application.transmit, Self.characteristic, "StartNotify"):
            notifying = true
            application.setNotifying(true)
            _ = currentLink(for: nil)
            return .values([])
        case (application.transmit, Self.characteristic, "StopNotify"):
            notifying = false
            application.setNotifying(false)
            endLink()
            return .values([])
        case (application.configurationCharacteristic, Self.characteristic, "ReadValue"):
            return readConfigurationData(call.arguments)
        case (_, Self.characteristic, "ReadValue"), (_, Self.characteristic, "WriteValue"):
            return .error(name: "org.bluez.Error.NotPermitted", message: "the characteristic at \(path) does not allow it")
        case (application.advertisement, AccessoryGATTApplication.advertisementInterface, "Release"):
            return .values([])
        default:
            return nil
        }
    }

    func handleSignal(_ signal: BusIncoming) {
        guard let event = BlueZSignal(signal) else { return }
        if case .blueZLeft = event {
            shutDownOnLoop()
        } else if let device = event.departedDevice {
            deviceLeft(device)
        }
    }

    func busClosed() {
        shutDownOnLoop()
    }

    /// Sends `octets` to the phone of `link` as a TX notification (a `PropertiesChanged` of its
    /// `Value`, which BlueZ turns into a notification).
    func transmit(_ octets: [UInt8], on link: BlueZPhoneLink) async -> Result<Void, AccessoryTransportError> {
        let outcome = await connection.onLoop { [self] () -> Result<Void, AccessoryTransportError> in
            guard self.link === link else { return .failure(.disconnected(link.name)) }
            guard notifying else {
                return .failure(.failed("the phone at \(link.name) has not subscribed to the TX characteristic (\(AccessoryGATTUUID.dataTransmit)); wait for its first message before answering"))
            }
            let changed = BusOutgoing.signal(
                path: application.transmit, interface: BusObjectTree.properties, member: "PropertiesChanged",
                arguments: [.string(Self.characteristic), .properties(["Value": .octets(octets)]), .strings([])])
            return connection.sendOnLoop(changed) ? .success(()) : .failure(.failed("libdbus refused the notification (out of memory?)"))
        }
        return outcome ?? .failure(.disconnected(link.name))
    }

    /// Ends `link` if it is the current one, and disconnects its phone.
    func release(_ link: BlueZPhoneLink) {
        connection.post { [self] in
            guard self.link === link else { return }
            if let device = link.device {
                connection.sendOnLoop(.methodCall(destination: BlueZ.service, path: device, interface: BlueZ.deviceInterface, member: "Disconnect", arguments: []))
            }
            endLink()
        }
    }

    /// Unregisters the advertisement and the application, ends the link, and ends
    /// ``newLinks`` (on the loop thread, before the connection closes).
    func shutDown() {
        connection.post { [self] in
            connection.sendOnLoop(
                .methodCall(
                    destination: BlueZ.service, path: adapterPath, interface: BlueZ.advertisingManagerInterface, member: "UnregisterAdvertisement",
                    arguments: [.objectPath(application.advertisement)]))
            connection.sendOnLoop(
                .methodCall(
                    destination: BlueZ.service, path: adapterPath, interface: BlueZ.gattManagerInterface, member: "UnregisterApplication",
                    arguments: [.objectPath(application.root)]))
            shutDownOnLoop()
        }
    }

    private func shutDownOnLoop() {
        endLink()
        newLinks.finish()
    }

    private func write(_ arguments: [BusValue]) -> BusReply {
        guard arguments.count == 2, let octets = arguments[0].octetsValue, let options = arguments[1].entriesByName else {
            return .error(name: "org.bluez.Error.InvalidArguments", message: "WriteValue takes (ay value, a{sv} options)")
        }
        guard (options["offset"]?.unwrapped.integerValue ?? 0) == 0 else {
            return .error(name: "org.bluez.Error.InvalidOffset", message: "each write carries one whole message; writes at an offset are not taken")
        }
        guard octets.count <= AccessoryMessage.maximumLength else {
            return .error(
                name: "org.bluez.Error.InvalidValueLength",
                message: "\(octets.count) octets are longer than any accessory message (\(AccessoryMessage.maximumLength))")
        }
        let device = options["device"]?.unwrapped.stringValue
        guard let link = currentLink(for: device) else {
            return .error(name: "org.bluez.Error.InProgress", message: "another phone holds the accessory's data channel; one phone at a time")
        }
        link.deliver(octets)
        return .values([])
    }

    private func readConfigurationData(_ arguments: [BusValue]) -> BusReply {
        guard let configurationData else { return .error(name: "org.bluez.Error.NotPermitted", message: "no configuration data") }
        let offset = arguments.first?.entriesByName?["offset"]?.unwrapped.integerValue ?? 0
        guard (0...configurationData.count).contains(offset) else {
            return .error(name: "org.bluez.Error.InvalidOffset", message: "offset \(offset) is past the \(configurationData.count) octets")
        }
        return .values([.octets(Array(configurationData[offset...]))])
    }

    /// The link of the phone at `device` (nil: not known yet): the current one, learning its
    /// phone if it did not know it, or a new one if there is none; nil if another phone holds it.
    private func currentLink(for device: String?) -> BlueZPhoneLink? {
        guard let link else {
            let created = BlueZPhoneLink(server: self, adapter: String(adapterPath.split(separator: "/").last ?? ""), device: device)
            link = created
            newLinks.push(created)
            return created
        }
        guard let device else { return link }
        guard let known = link.device else {
            link.device = device
            return link
        }
        return known == device ? link : nil
    }

    /// Ends the current link if it belongs to the phone at `path` (or to a phone not known yet).
    private func deviceLeft(_ path: String) {
        guard let link, link.device == nil || link.device == path else { return }
        endLink()
    }

    private func endLink() {
        link?.end()
        link = nil
    }
}
