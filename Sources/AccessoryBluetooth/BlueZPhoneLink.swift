import AccessoryProtocol
import Synchronization

/// The accessory protocol with one phone over BlueZ's GATT server: each write of the RX
/// characteristic is a message from the phone, each message to it a TX notification. Made by a
/// ``BlueZAccessoryPeripheral`` when a phone first writes or subscribes; it ends when the phone
/// unsubscribes or disconnects.
final class BlueZPhoneLink: AccessoryTransport {
    private let server: AccessoryGATTServer
    private let adapter: String
    private let inbox = AccessoryInbox()
    private let phone: Mutex<String?>

    init(server: AccessoryGATTServer, adapter: String, device: String?) {
        self.server = server
        self.adapter = adapter
        phone = Mutex(device)
    }

    /// The phone's device object under BlueZ (`/org/bluez/hci0/dev_…`); nil until a write names it.
    var device: String? {
        get { phone.withLock { $0 } }
        set { phone.withLock { $0 = newValue } }
    }

    /// `bluetooth:` with the adapter and the phone's address, such as `bluetooth:hci0/AA:BB:CC:DD:EE:FF`.
    var name: String {
        "bluetooth:\(adapter)/" + (device.map(BlueZ.address(ofDevice:)) ?? "phone")
    }

    func send(_ message: AccessoryMessage) async throws(AccessoryTransportError) {
        try await server.transmit(message.octets, on: self).get()
    }

    func receive() async throws(AccessoryTransportError) -> AccessoryMessage? {
        try await inbox.next()
    }

    func close() {
        inbox.finish()
        server.release(self)
    }

    /// A write of the RX characteristic: the message it holds, or why it is none.
    func deliver(_ octets: [UInt8]) {
        inbox.deliver(octets)
    }

    /// The phone left: ``receive()`` returns nil once the messages that came are taken.
    func end() {
        inbox.finish()
    }
}
