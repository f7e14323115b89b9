import UWBCore

/// An attached USB device that matches one or more board descriptions by USB id.
///
/// Every FT232H with a default EEPROM is 0403:6014, so the ids alone cannot tell the boards
/// apart: ``boards`` lists every description that matches. When the chips were probed
/// (``probe``), ``fittingBoards`` keeps the descriptions whose chips answered on their wiring.
public struct AttachedBoard: Hashable, Sendable {
    /// The device's ids and place on the bus.
    public let device: USBDeviceDescriptor
    /// The serial number string, if the device has one and it could be read.
    public let serialNumber: String?
    /// Why the serial number could not be read, if it could not: usually
    /// ``USBErrorCode/accessDenied`` (the udev rule is not installed).
    public let openError: USBError?
    /// The board descriptions with this device's USB id, sorted by id.
    public let boards: [BoardDescription]
    /// What DEV_ID read on each chip-select the descriptions wire, if the chips were probed.
    public let probe: BoardProbe?

    /// An attached board with the given fields.
    public init(
        device: USBDeviceDescriptor, serialNumber: String?, openError: USBError?, boards: [BoardDescription],
        probe: BoardProbe? = nil
    ) {
        self.device = device
        self.serialNumber = serialNumber
        self.openError = openError
        self.boards = boards
        self.probe = probe
    }

    /// The ids of the matching board descriptions.
    public var boardIDs: [String] { boards.map(\.id) }

    /// The descriptions the probed chips fit (``BoardProbe/fits(_:)``), sorted by id; every
    /// description with the device's USB id when the chips were not probed.
    public var fittingBoards: [BoardDescription] {
        guard let probe else { return boards }
        return boards.filter(probe.fits)
    }
}
