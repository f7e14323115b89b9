/// Why the emulator service has no impulse response to give for a chip
/// (``EmulatorService/lastImpulseResponse(device:chip:)``); the description is a sentence to show to the
/// person who asked, saying what to do.
public enum ImpulseResponseError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The room has no device of that index; its devices are these, in order.
    case unknownDevice(Int, devices: [String])
    /// The device's board has no chip of that index: it has `chips`.
    case unknownChip(Int, device: String, board: String, chips: Int)
    /// The chip has kept no frame yet.
    case nothingReceived(device: String, chip: Int)

    /// The message to show.
    public var description: String {
        switch self {
        case .unknownDevice(let index, let devices):
            devices.isEmpty
                ? "the room has no device \(index); it has no devices"
                : "the room has no device \(index); choose one of its devices 0 to \(devices.count - 1) ("
                    + devices.joined(separator: ", ") + ")"
        case .unknownChip(let index, let device, let board, let chips):
            "\(device)'s board \(board) has no chip \(index); " + Self.chipChoice(chips)
        case .nothingReceived(let device, let chip):
            "\(device) chip \(chip): no frame received yet; let the room run or move a device into range"
        }
    }

    /// What to choose on a board of `chips` chips.
    private static func chipChoice(_ chips: Int) -> String {
        switch chips {
        case 0: "it has none"
        case 1: "it has one chip: choose chip 0"
        default: "choose one of its chips 0 to \(chips - 1)"
        }
    }
}
