import Foundation

/// A configuration to range with a third-party UWB accessory (Apple: iOS 15), from the
/// configuration data the accessory sends over Bluetooth in Apple's Nearby Interaction accessory
/// protocol.
///
/// Linux has no accessory sessions: the accessory protocol's data is made for Apple's UWB chip and
/// the DW1000 boards cannot take part in it. The two UWB initializers therefore throw
/// ``NIError/Code/invalidConfiguration``, what Apple throws for configuration data it cannot use,
/// with the reason in the error's detail. The class exists so that code written for iOS compiles
/// and learns at once, where it already handles the error.
///
/// Bluetooth Channel Sounding (iOS 27) behaves as on an Apple device without it
/// (``NIDeviceCapability/supportsBluetoothChannelSounding`` is false): its initializer makes a
/// configuration, and running it invalidates the session with ``NIError/Code/unsupportedPlatform``.
///
/// `@unchecked Sendable`: the only instances, Bluetooth Channel Sounding ones, hold constants.
public final class NINearbyAccessoryConfiguration: NIConfiguration, @unchecked Sendable {
    /// The accessory's token: from its configuration data (never reached on Linux), or for
    /// Bluetooth Channel Sounding one the framework makes to name the accessory.
    public let accessoryDiscoveryToken: NIDiscoveryToken

    /// The Bluetooth identifiers a Bluetooth Channel Sounding configuration was made with.
    let channelSounding: (identifier: UUID, previous: UUID?)

    /// Whether to use the camera to improve direction (Apple: iOS 16). Never reached on Linux.
    public var isCameraAssistanceEnabled: Bool {
        get { false }
        set {}
    }

    /// A configuration from the accessory's configuration data. Always throws on Linux.
    ///
    /// - Throws: ``NIError`` with code ``NIError/Code/invalidConfiguration``.
    public init(data: Data) throws(NIError) {
        throw Self.unavailable
    }

    /// A configuration for a paired, connected Bluetooth accessory, which may range in the
    /// background (Apple: iOS 16). Always throws on Linux.
    ///
    /// - Throws: ``NIError`` with code ``NIError/Code/invalidConfiguration``.
    public init(accessoryData: Data, bluetoothPeerIdentifier identifier: UUID) throws(NIError) {
        throw Self.unavailable
    }

    /// A configuration to range over Bluetooth Channel Sounding with an accessory paired through
    /// AccessorySetupKit (Apple: iOS 27), identified by `bluetoothIdentifier` and, after a
    /// reconnection, `previousBluetoothIdentifier`. Linux has no Bluetooth Channel Sounding: running
    /// the configuration invalidates the session with ``NIError/Code/unsupportedPlatform``, as on an
    /// Apple device without it.
    public init(bluetoothChannelSoundingIdentifier bluetoothIdentifier: UUID, previousBluetoothIdentifier: UUID?) {
        accessoryDiscoveryToken = NIDiscoveryToken.makeForNewSession(capabilities: .unsupported)
        channelSounding = (bluetoothIdentifier, previousBluetoothIdentifier)
        super.init(abstractBase: ())
    }

    /// Always nil: there are no accessory configurations to decode on Linux.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The error running a Bluetooth Channel Sounding configuration ends the session with.
    var unsupported: NIError {
        NIError(.unsupportedPlatform, detail: "this device has no Bluetooth Channel Sounding (NISession.deviceCapabilities.supportsBluetoothChannelSounding is false on Linux); range with the accessory's UWB, or with peers using NINearbyPeerConfiguration")
    }

    /// The error both UWB initializers throw.
    private static var unavailable: NIError {
        NIError(.invalidConfiguration, detail: "accessory sessions do not exist on Linux: Apple's accessory protocol needs Apple's UWB chip; range with peers using NINearbyPeerConfiguration")
    }
}
