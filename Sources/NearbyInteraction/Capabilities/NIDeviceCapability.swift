/// What a device can measure in a Nearby Interaction session (Apple: iOS 16).
///
/// `NISession.deviceCapabilities` describes the local radio and ``NIDiscoveryToken/deviceCapabilities``
/// the peer's. On Linux the concrete type is ``NIRadioCapability``.
public protocol NIDeviceCapability {
    /// Whether the device measures distance to a peer (it has a UWB radio that ranges).
    var supportsPreciseDistanceMeasurement: Bool { get }
    /// Whether the device measures the full direction to a peer (``NINearbyObject/direction``).
    var supportsDirectionMeasurement: Bool { get }
    /// Whether the device can use the camera (ARKit) to improve direction. Always false on Linux.
    var supportsCameraAssistance: Bool { get }
    /// Whether the device supports extended distance measurement (Apple's second-generation UWB
    /// chip). Always false on Linux.
    var supportsExtendedDistanceMeasurement: Bool { get }
    /// Whether the device can listen to DL-TDoA anchors (``NIDLTDOAConfiguration``; Apple: iOS 26).
    var supportsDLTDOAMeasurement: Bool { get }
}

extension NIDeviceCapability {
    /// False: a device that says nothing of DL-TDoA does not listen to anchors.
    public var supportsDLTDOAMeasurement: Bool { false }

    /// Whether the device measures distance to a paired accessory with Bluetooth Channel Sounding
    /// (Apple: iOS 27). Always false on Linux, where Bluetooth is not a ranging radio of this stack;
    /// provided so that code written for iOS 27 compiles and takes its path for devices without it.
    public var supportsBluetoothChannelSounding: Bool { false }
}
