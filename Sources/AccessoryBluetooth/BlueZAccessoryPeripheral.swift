import AccessoryProtocol

/// A Linux host as a Nearby Interaction accessory over Bluetooth LE, through BlueZ's D-Bus API: it
/// exports the accessory's GATT application (the Nordic UART data channel, and background mode's
/// service when given configuration data), registers it and an LE advertisement with the adapter,
/// and hands out an ``AccessoryProtocol/AccessoryTransport`` for each phone that starts talking.
///
/// ```swift
/// let peripheral = try await BlueZAccessoryPeripheral.start(BlueZAccessorySettings(localName: "UWB"))
/// while let phone = await peripheral.accept() {
///     while let message = try await phone.receive() { … }
/// }
/// ```
public final class BlueZAccessoryPeripheral: Sendable {
    private let connection: BusConnection
    private let server: AccessoryGATTServer
    /// What it advertises and exports.
    public let settings: BlueZAccessorySettings

    private init(connection: BusConnection, server: AccessoryGATTServer, settings: BlueZAccessorySettings) {
        self.connection = connection
        self.server = server
        self.settings = settings
    }

    /// Connects to BlueZ on `bus`, exports the application `settings` describe, and registers it
    /// and its advertisement with the adapter.
    ///
    /// - Throws: ``AccessoryBluetoothError`` saying what to do: the bus, BlueZ or the adapter
    ///   missing, the adapter off, the bus's policy refusing, or BlueZ refusing the registration.
    public static func start(_ settings: BlueZAccessorySettings, bus: BlueZBus = .system) async throws(AccessoryBluetoothError) -> BlueZAccessoryPeripheral {
        let adapterPath = try settings.validatedAdapterPath()
        let connection = try BusConnection(bus: bus)
        let application = AccessoryGATTApplication(settings: settings)
        let server = AccessoryGATTServer(connection: connection, application: application, configurationData: settings.configurationData, adapterPath: adapterPath)
        connection.start(handler: server, matchRules: server.matchRules)
        do {
            try await connection.checkAdapter(adapterPath)
            _ = try await connection.callBlueZ(
                "RegisterApplication", of: BlueZ.gattManagerInterface, at: adapterPath,
                arguments: [.objectPath(application.root), .properties([:])], operation: "registering the GATT application on \(settings.adapter)")
            _ = try await connection.callBlueZ(
                "RegisterAdvertisement", of: BlueZ.advertisingManagerInterface, at: adapterPath,
                arguments: [.objectPath(application.advertisement), .properties([:])], operation: "registering the LE advertisement on \(settings.adapter)")
        } catch {
            connection.close()
            throw error
        }
        return BlueZAccessoryPeripheral(connection: connection, server: server, settings: settings)
    }

    /// The peripheral's unique name on the bus (where BlueZ, or a test playing it, calls the
    /// application's objects).
    package var uniqueBusName: String {
        connection.uniqueName
    }

    /// The link of the next phone that writes to the data channel or subscribes to it; nil once
    /// the peripheral is closed or BlueZ left the bus.
    public func accept() async -> (any AccessoryTransport)? {
        await server.newLinks.next()
    }

    /// Unregisters the advertisement and the application, ends the current link and leaves the bus.
    public func close() {
        server.shutDown()
        connection.close()
    }
}
