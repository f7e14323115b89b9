import AccessoryProtocol
import Synchronization

/// The accessory protocol with one accessory over BlueZ's GATT client: each message to the
/// accessory is a write of its RX characteristic, each notification of its TX characteristic a
/// message from it. Made by ``BlueZAccessoryCentral/connect(to:adapter:bus:deadline:)``; it ends
/// when the accessory disconnects, BlueZ forgets it or leaves the bus, or on ``close()``.
///
/// It follows the device's signals from the start (on the connection's loop thread): while it
/// connects, ``resolution`` says when the device's GATT services are resolved or it left.
final class BlueZAccessoryLink: AccessoryTransport, BusMessageHandler {
    private struct State {
        var channel: BlueZDataChannel?
        var ended = false
    }

    private let connection: BusConnection
    /// The accessory's device object under BlueZ (`/org/bluez/hci0/dev_…`).
    let device: String
    let name: String
    private let inbox = AccessoryInbox()
    private let state = Mutex(State())
    /// True when the device's `ServicesResolved` becomes true, false when it leaves.
    let resolution = AsyncQueue<Bool>()

    init(connection: BusConnection, adapter: String, device: String) {
        self.connection = connection
        self.device = device
        name = "bluetooth:\(adapter)/" + BlueZ.address(ofDevice: device)
    }

    /// Starts the link on `channel`: TX's notifications are messages from now on.
    func open(_ channel: BlueZDataChannel) {
        state.withLock { $0.channel = channel }
    }

    func send(_ message: AccessoryMessage) async throws(AccessoryTransportError) {
        guard let channel = state.withLock({ $0.ended ? nil : $0.channel }) else { throw .disconnected(name) }
        do {
            _ = try await connection.callBlueZ(
                "WriteValue", of: BlueZ.characteristicInterface, at: channel.receive,
                arguments: [.octets(message.octets), .properties(["type": .string(channel.writeType)])],
                operation: "writing the accessory's RX characteristic")
        } catch {
            if state.withLock({ $0.ended }) { throw .disconnected(name) }
            throw .failed(error.description)
        }
    }

    func receive() async throws(AccessoryTransportError) -> AccessoryMessage? {
        try await inbox.next()
    }

    /// Unsubscribes from TX, asks BlueZ to disconnect the accessory and leaves the bus.
    func close() {
        let channel = state.withLock { state in
            defer { state.ended = true }
            return state.ended ? nil : state.channel
        }
        if let channel {
            connection.send(.methodCall(destination: BlueZ.service, path: channel.transmit, interface: BlueZ.characteristicInterface, member: "StopNotify", arguments: []))
        }
        connection.send(.methodCall(destination: BlueZ.service, path: device, interface: BlueZ.deviceInterface, member: "Disconnect", arguments: []))
        connection.close()
        end()
    }

    func handleCall(_ call: BusIncoming) -> BusReply? { nil }

    func handleSignal(_ signal: BusIncoming) {
        guard let event = BlueZSignal(signal) else { return }
        if case .blueZLeft = event {
            end()
        } else if event.departedDevice == device {
            end()
        } else if case .propertiesChanged(let path, let interface, let changed) = event {
            if path == device, interface == BlueZ.deviceInterface, changed["ServicesResolved"]?.booleanValue == true {
                resolution.push(true)
            } else if interface == BlueZ.characteristicInterface, let octets = changed["Value"]?.octetsValue,
                state.withLock({ !$0.ended && $0.channel?.transmit == path })
            {
                inbox.deliver(octets)
            }
        }
    }

    func busClosed() {
        end()
    }

    /// The accessory left: ``receive()`` returns nil once the messages that came are taken, and
    /// ``send(_:)`` throws ``AccessoryProtocol/AccessoryTransportError/disconnected(_:)``.
    private func end() {
        state.withLock { $0.ended = true }
        resolution.push(false)
        resolution.finish()
        inbox.finish()
    }
}
