/// Opens the device the environment names (`UWB_DEVICE`, and `UWB_UCI_ADDRESSES` for a UCI device)
/// for `NISession()` when the program gave none.
///
/// `NearbyInteractionDefaultDevice` makes ``DeviceService`` conform: a program that links it (an app
/// that depends on the `NearbyInteraction` product, which carries the backends: the emulator
/// service's client, libusb, the UCI client) gets sessions on the radio or UCI device `UWB_DEVICE`
/// names; one that links only the `NearbyInteractionSessions` product brings its own device and
/// links none of them. `NISession()` finds the conformance at run time, so the same source,
/// `import NearbyInteraction`, serves both.
public protocol EnvironmentDeviceOpening {
    /// The service on the device `environment` names, or why there is none.
    static func service(forEnvironment environment: [String: String]) -> Result<DeviceService, NIError>
}
