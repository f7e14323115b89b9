/// Why the Bluetooth LE side of the accessory protocol could not start or go on; each message says
/// what to do.
public enum AccessoryBluetoothError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The D-Bus bus could not be reached: which bus, and the system's reason.
    case busUnavailable(bus: String, reason: String)
    /// BlueZ (`org.bluez`) is not on the bus.
    case blueZNotRunning(bus: String)
    /// BlueZ has no adapter of that name: the name, and the adapters it has.
    case noAdapter(name: String, available: [String])
    /// The adapter is switched off.
    case adapterOff(name: String)
    /// The bus's policy refused an operation: which, and the bus's reason.
    case permissionDenied(operation: String, reason: String)
    /// BlueZ answered an operation with an error: the operation, the error's name and message.
    case blueZRefused(operation: String, errorName: String, message: String)
    /// BlueZ did not answer an operation in time.
    case noReply(operation: String)
    /// The connection to the bus closed during an operation.
    case busClosed(operation: String)
    /// BlueZ knows no device of that address on the adapter (it was never scanned or paired).
    case unknownDevice(address: String, adapter: String)
    /// The device has no accessory data channel: its address, and what is missing.
    case noDataChannel(address: String, missing: String)
    /// The device did not connect and resolve its GATT services within the deadline.
    case connectionTimedOut(address: String, seconds: Int64)
    /// The device disconnected (or BlueZ forgot it) before its data channel was open.
    case deviceDisconnected(address: String)
    /// A setting that cannot be used: what is wrong with it.
    case invalidSetting(String)
    /// The system refused a resource: what, and what to do.
    case system(String)

    /// What went wrong, and what to do.
    public var description: String {
        switch self {
        case .busUnavailable(let bus, let reason):
            "could not connect to \(bus) (\(reason)); is the D-Bus daemon running (`systemctl status dbus`)? For a private bus, check its address"
        case .blueZNotRunning(let bus):
            "BlueZ (org.bluez) is not on \(bus); start bluetoothd (`sudo systemctl start bluetooth`) and check `bluetoothctl show`"
        case .noAdapter(let name, let available):
            "BlueZ has no Bluetooth adapter \(name) (it has: \(available.isEmpty ? "none" : available.joined(separator: ", "))); plug one in, check `bluetoothctl list`, or name one of those"
        case .adapterOff(let name):
            "the Bluetooth adapter \(name) is off; switch it on with `bluetoothctl power on` (or `btmgmt --index \(name) power on`) and check `rfkill list` for a block"
        case .permissionDenied(let operation, let reason):
            "the D-Bus policy refused \(operation) (\(reason)); run as root, or install a policy in /etc/dbus-1/system.d/ that lets your user talk to org.bluez (Docs/bluetooth.md, \"Running without root\")"
        case .blueZRefused(let operation, let errorName, let message):
            "BlueZ refused \(operation): \(errorName): \(message); \(Self.advice(for: errorName))"
        case .noReply(let operation):
            "BlueZ did not answer \(operation) within \(BusConnection.callTimeout.components.seconds) s; check that bluetoothd is not hung (`sudo systemctl restart bluetooth`)"
        case .busClosed(let operation):
            "the connection to the D-Bus bus closed during \(operation); check that the bus is still running, then start again"
        case .unknownDevice(let address, let adapter):
            "BlueZ does not know the device \(address) on \(adapter); switch the accessory on, scan for it (`bluetoothctl`, then `scan le` until it is listed), or pair it (`pair \(address)`), then try again"
        case .noDataChannel(let address, let missing):
            "the device \(address) has no accessory data channel (\(missing) is missing); is it a Nearby Interaction accessory with the Nordic UART service? `bluetoothctl`, `menu gatt`, `list-attributes \(address)` shows what it offers"
        case .connectionTimedOut(let address, let seconds):
            "the device \(address) did not connect and resolve its GATT services within \(seconds) s; check that it is on, in range and advertising (`bluetoothctl`, `scan le`), then try again"
        case .deviceDisconnected(let address):
            "the device \(address) disconnected before its data channel was open; check that it is on and in range, then try again"
        case .invalidSetting(let reason):
            "invalid setting: \(reason)"
        case .system(let reason):
            reason
        }
    }

    /// What to do about a BlueZ error, by its name.
    private static func advice(for errorName: String) -> String {
        switch errorName {
        case "org.bluez.Error.NotReady":
            "switch the adapter on (`bluetoothctl power on`)"
        case "org.bluez.Error.AlreadyExists":
            "another application registered the same object path: stop it, or give this one another object path"
        case "org.bluez.Error.NotSupported", "org.freedesktop.DBus.Error.UnknownMethod", "org.freedesktop.DBus.Error.UnknownInterface",
            "org.freedesktop.DBus.Error.UnknownObject":
            "this adapter or BlueZ version does not offer it; LE advertising and GATT servers need a Bluetooth 4.0 adapter and BlueZ 5.50 or later"
        case "org.bluez.Error.InvalidArguments", "org.freedesktop.DBus.Error.InvalidArgs":
            "BlueZ did not accept the application's objects; run `bluetoothd -n -d` to see which it refused"
        case "org.bluez.Error.InvalidLength":
            "the advertisement is too long; give a shorter local name"
        default:
            "see bluetoothd's log (`journalctl -u bluetooth`)"
        }
    }
}
