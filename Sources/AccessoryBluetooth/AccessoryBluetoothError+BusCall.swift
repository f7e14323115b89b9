extension AccessoryBluetoothError {
    /// The error a failed call to BlueZ during `operation` on `bus` means for the user.
    init(_ error: BusCallError, operation: String, bus: String) {
        switch error {
        case .remote(let name, let message):
            switch name {
            case "org.freedesktop.DBus.Error.ServiceUnknown", "org.freedesktop.DBus.Error.NameHasNoOwner":
                self = .blueZNotRunning(bus: bus)
            case "org.freedesktop.DBus.Error.AccessDenied":
                self = .permissionDenied(operation: operation, reason: message)
            default:
                self = .blueZRefused(operation: operation, errorName: name, message: message)
            }
        case .noReply: self = .noReply(operation: operation)
        case .closed: self = .busClosed(operation: operation)
        case .refused: self = .system("libdbus could not build the message for \(operation) (out of memory?)")
        }
    }
}
