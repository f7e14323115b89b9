/// A device arriving on or leaving the bus, as a hotplug callback reports it.
public enum USBHotplugEvent: CustomStringConvertible {
    /// The device was plugged in (or was attached when the registration asked to enumerate).
    case arrived(USBDevice)
    /// The device was unplugged. It can no longer be opened; handles on it fail with
    /// ``USBErrorCode/noDevice``.
    case left(USBDevice)

    /// The device the event is about.
    public var device: USBDevice {
        switch self {
        case .arrived(let device), .left(let device): device
        }
    }

    /// `arrived: 0403:6014 at 1-2 (address 5)`.
    public var description: String {
        switch self {
        case .arrived(let device): "arrived: \(device)"
        case .left(let device): "left: \(device)"
        }
    }
}
