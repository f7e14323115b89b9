import AccessoryProtocol
import Foundation

/// A configuration to range with a third-party UWB accessory (Apple: iOS 15), from the
/// configuration data the accessory sends over Bluetooth in Apple's Nearby Interaction accessory
/// protocol.
///
/// Linux has no accessory sessions yet: the two UWB initializers read the accessory's
/// configuration data (AccessoryProtocol's ``AccessoryProtocol/AccessoryConfigurationData``) and
/// throw ``NIError/Code/invalidConfiguration``, what Apple throws for configuration data it cannot
/// use: for malformed data with what is wrong with it, for well-formed data saying that accessory
/// sessions are not built on Linux. The class exists so that code written for iOS compiles and
/// learns at once, where it already handles the error.
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
    /// - Throws: ``NIError`` with code ``NIError/Code/invalidConfiguration``: what is wrong with the
    ///   data, or that accessory sessions are not built on Linux.
    public init(data: Data) throws(NIError) {
        throw Self.refusal(of: data)
    }

    /// A configuration for a paired, connected Bluetooth accessory, which may range in the
    /// background (Apple: iOS 16). Always throws on Linux.
    ///
    /// - Throws: ``NIError`` with code ``NIError/Code/invalidConfiguration``, as ``init(data:)``.
    public init(accessoryData: Data, bluetoothPeerIdentifier identifier: UUID) throws(NIError) {
        throw Self.refusal(of: accessoryData)
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

    /// The error both UWB initializers throw for `data`: what is wrong with it, or, for
    /// well-formed data, that accessory sessions are not built on Linux.
    private static func refusal(of data: Data) -> NIError {
        do {
            let configuration = try AccessoryConfigurationData(octets: [UInt8](data))
            return NIError(
                .invalidConfiguration,
                detail: "accessory configuration data \(configuration.majorVersion).\(configuration.minorVersion) with a \(configuration.uwbConfiguration.count)-octet UWB configuration, but accessory sessions are not built on Linux yet; range with peers using NINearbyPeerConfiguration")
        } catch {
            return NIError(.invalidConfiguration, detail: "not accessory configuration data: \(error)")
        }
    }
}
