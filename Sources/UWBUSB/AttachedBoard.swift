import UWBCore

/// An attached USB device that matches one or more board descriptions by USB id.
///
/// Every FT232H with a default EEPROM is 0403:6014, so the ids alone cannot tell the single,
/// dual and triple boards apart: ``boards`` lists every description that matches, and the user
/// picks one by id.
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

    /// An attached board with the given fields.
    public init(device: USBDeviceDescriptor, serialNumber: String?, openError: USBError?, boards: [BoardDescription]) {
        self.device = device
        self.serialNumber = serialNumber
        self.openError = openError
        self.boards = boards
    }

    /// The ids of the matching board descriptions.
    public var boardIDs: [String] { boards.map(\.id) }
}
