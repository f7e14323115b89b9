import Foundation

/// A session that listens to DL-TDoA anchors (Apple: iOS 26): the device hears the anchors' rounds
/// and reports every message as an ``NIDLTDOAMeasurement``
/// (``NISessionDelegate/session(_:didUpdateDLTDOA:)``); positioning from them is the app's.
///
/// On Linux the device must be a radio the project's engine drives (``NIDeviceCapability/supportsDLTDOAMeasurement``),
/// and a DL-TDoA session takes its radio: it runs alone. swift-uwb's anchors (UWBPositioning's
/// `DownlinkTDoAAnchor`, the emulator service's DL-TDoA sites) speak swift-uwb's frames
/// (`Docs/positioning.md`), not FiRa's.
///
/// `@unchecked Sendable`: its only state is immutable.
public final class NIDLTDOAConfiguration: NIConfiguration, @unchecked Sendable {
    /// How a device finds the anchors (Apple: iOS 27).
    public enum DiscoveryMethod: Int, Sendable {
        /// Over Wi-Fi.
        case wifi = 0
        /// Over Bluetooth Low Energy, the default.
        case bluetoothLowEnergy = 1
    }

    /// The network the anchors serve: "the session ID configured in the DL-TDOA anchors". On Linux,
    /// the PAN identifier of their frames, 0 to 65534.
    public let networkIdentifier: Int
    /// How the device finds the anchors (Apple: iOS 27). Linux has no out-of-band discovery: the
    /// radio listens for the network's frames whichever is set.
    public let discoveryMethod: DiscoveryMethod

    /// A configuration for the anchors of `networkIdentifier`, found over Bluetooth.
    public convenience init(networkIdentifier: Int) {
        self.init(networkIdentifier: networkIdentifier, discoveryMethod: .bluetoothLowEnergy)
    }

    /// A configuration for the anchors of `networkIdentifier`, found by `discoveryMethod` (Apple: iOS 27).
    public init(networkIdentifier: Int, discoveryMethod: DiscoveryMethod) {
        self.networkIdentifier = networkIdentifier
        self.discoveryMethod = discoveryMethod
        super.init(abstractBase: ())
    }

    /// Always nil: configurations are not decoded on Linux.
    public required init?(coder: NSCoder) {
        return nil
    }
}
