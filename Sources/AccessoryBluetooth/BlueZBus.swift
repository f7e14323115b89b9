/// The D-Bus bus BlueZ is on.
public enum BlueZBus: Sendable, Hashable, CustomStringConvertible {
    /// The system bus, where `bluetoothd` runs.
    case system
    /// The bus at a D-Bus address, such as `unix:path=/tmp/test-bus` (a private bus with a BlueZ
    /// mock, for tests).
    case address(String)

    /// The bus, for messages.
    public var description: String {
        switch self {
        case .system: "the D-Bus system bus"
        case .address(let address): "the D-Bus bus at \(address)"
        }
    }
}
