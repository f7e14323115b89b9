/// Why an emulation could not be set up or run.
public enum EmulationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The driver of a device's chip family failed on its virtual chips.
    case driver(device: String, String)
    /// The scenario's channel parameters were rejected.
    case channel(String)
    /// The trace could not be written.
    case trace(String)
    /// No device of the emulation has this name; these are the names it has.
    case unknownDevice(String, available: [String])
    /// A device of the emulation already has this name: a device's name is what its random draws
    /// and its place among simultaneous events are derived from.
    case duplicateDevice(String)

    /// What went wrong and what to do.
    public var description: String {
        switch self {
        case .driver(let device, let detail):
            "device \(device): the driver failed on the emulated chips: \(detail). This is a bug in the driver or the emulator; please report it with the scenario"
        case .channel(let detail):
            "channel: \(detail)"
        case .trace(let detail):
            "trace: \(detail)"
        case .unknownDevice(let name, let available):
            "the emulation has no device called \"\(name)\"; its devices are "
                + (available.isEmpty ? "none" : available.map { "\"\($0)\"" }.joined(separator: ", "))
        case .duplicateDevice(let name):
            "the emulation already has a device called \"\(name)\"; give each device a name of its own"
        }
    }
}
