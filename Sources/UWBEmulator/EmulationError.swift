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
    /// A world cannot be split into this many parts: give one or more.
    case partCount(Int)
    /// A world of this many devices (or devices and groups of devices that share software, which go to one part
    /// together) cannot be split into more parts than that.
    case partsBeyondDevices(parts: Int, devices: Int)
    /// The world has no part with this index; it has this many.
    case noSuchPart(Int, parts: Int)
    /// A device of the emulation already has this name: a device's name is what its random draws
    /// and its place among simultaneous events are derived from.
    case duplicateDevice(String)
    /// A message from another rank of a world split over processes could not be read.
    case rankMessage(String)
    /// A world split over processes has this many parts, but its job this many ranks.
    case rankCount(parts: Int, ranks: Int)
    /// Part of a world split over processes holds no device: its rank would have nothing to run.
    case emptyPart(Int)

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
        case .partCount(let count):
            "a world cannot be split into \(count) parts; give 1 or more"
        case .partsBeyondDevices(let parts, let devices):
            "a world of \(devices) devices (counting devices that must share a part as one) cannot be split into \(parts) parts; give at most \(devices)"
        case .noSuchPart(let part, let count):
            "the world has no part \(part): its parts are 0 to \(count - 1)"
        case .duplicateDevice(let name):
            "the emulation already has a device called \"\(name)\"; give each device a name of its own"
        case .rankMessage(let detail):
            "another rank sent \(detail): every rank of the job must run the same build of uwb"
        case .emptyPart(let part):
            "part \(part) of the world holds no device: give every part a device, or split the world into fewer parts"
        case .rankCount(let parts, let ranks):
            "a world split into \(parts) parts cannot run on a job of \(ranks) ranks: split it into one part per rank"
        }
    }
}
