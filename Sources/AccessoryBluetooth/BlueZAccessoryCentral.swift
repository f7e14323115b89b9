import AccessoryProtocol

/// A Linux host as the phone's side of the accessory protocol over Bluetooth LE, through BlueZ's
/// D-Bus API: it connects to an accessory BlueZ already knows (scanned or paired), finds its data
/// channel (the Nordic UART service, ``AccessoryGATTUUID``), subscribes to TX and hands back an
/// ``AccessoryProtocol/AccessoryTransport``: each message sent is one write of RX, each TX
/// notification one message received.
///
/// ```swift
/// let accessory = try await BlueZAccessoryCentral.connect(to: "AA:BB:CC:DD:EE:FF")
/// try await accessory.send(.initialize)
/// while let message = try await accessory.receive() { … }
/// accessory.close()
/// ```
public enum BlueZAccessoryCentral {
    /// How long ``connect(to:adapter:bus:deadline:)`` waits by default for the accessory to
    /// connect and resolve its GATT services.
    public static let defaultDeadline: Duration = .seconds(30)

    /// Connects to the accessory of Bluetooth `address` on `adapter` (unless it is connected),
    /// waits until BlueZ resolved its GATT services, and subscribes to its data channel's TX
    /// characteristic.
    ///
    /// - Parameter deadline: how long to wait for the services of a device that is not yet
    ///   resolved (an accessory switched off or out of range never resolves).
    /// - Throws: ``AccessoryBluetoothError`` saying what to do: the bus, BlueZ or the adapter
    ///   missing, a device BlueZ does not know, a device without the data channel, one that did
    ///   not resolve in time or disconnected, or BlueZ refusing to connect or subscribe.
    public static func connect(
        to address: String, adapter: String = "hci0", bus: BlueZBus = .system, deadline: Duration = defaultDeadline
    ) async throws(AccessoryBluetoothError) -> any AccessoryTransport {
        let adapterPath = try BlueZ.adapterPath(named: adapter)
        let device = try BlueZ.devicePath(address: address, adapterPath: adapterPath)
        let connection = try BusConnection(bus: bus)
        let link = BlueZAccessoryLink(connection: connection, adapter: adapter, device: device)
        connection.start(handler: link, matchRules: BlueZSignal.matchRules(adapterPath: adapterPath))
        do {
            let channel = try await resolve(link, connection: connection, adapterPath: adapterPath, deadline: deadline)
            link.open(channel)
            _ = try await connection.callBlueZ(
                "StartNotify", of: BlueZ.characteristicInterface, at: channel.transmit, operation: "subscribing to the accessory's TX characteristic")
        } catch {
            connection.close()
            throw error
        }
        return link
    }

    /// Connects the device of `link` if it is not connected, waits until its services are
    /// resolved, and finds its data channel.
    private static func resolve(
        _ link: BlueZAccessoryLink, connection: BusConnection, adapterPath: String, deadline: Duration
    ) async throws(AccessoryBluetoothError) -> BlueZDataChannel {
        let address = BlueZ.address(ofDevice: link.device)
        var objects = try await connection.blueZObjects()
        try BlueZ.checkAdapter(adapterPath, in: objects)
        guard let device = objects[link.device]?[BlueZ.deviceInterface] else {
            throw .unknownDevice(address: address, adapter: String(adapterPath.split(separator: "/").last ?? ""))
        }
        if device["ServicesResolved"]?.booleanValue != true {
            if device["Connected"]?.booleanValue != true {
                do {
                    _ = try await connection.callBlueZ("Connect", of: BlueZ.deviceInterface, at: link.device, operation: "connecting to \(address)")
                } catch .blueZRefused(_, "org.bluez.Error.AlreadyConnected", _) {
                    // Connected since BlueZ listed its objects: wait for the services as planned.
                }
            }
            switch await firstResolution(of: link, deadline: deadline) {
            case .resolved: objects = try await connection.blueZObjects()
            case .left: throw .deviceDisconnected(address: address)
            case .timedOut: throw .connectionTimedOut(address: address, seconds: deadline.components.seconds)
            }
        }
        return try BlueZDataChannel(device: link.device, in: objects)
    }

    /// What came first while waiting for a device's services.
    private enum Resolution: Sendable {
        case resolved, left, timedOut
    }

    /// Whether the device of `link` resolved its services or left first, or neither happened
    /// within `deadline`.
    private static func firstResolution(of link: BlueZAccessoryLink, deadline: Duration) async -> Resolution {
        await withTaskGroup(of: Resolution.self) { group in
            group.addTask { await link.resolution.next() == true ? .resolved : .left }
            group.addTask {
                try? await Task.sleep(for: deadline)
                return .timedOut
            }
            let first = await group.next() ?? .timedOut
            group.cancelAll()
            return first
        }
    }
}
