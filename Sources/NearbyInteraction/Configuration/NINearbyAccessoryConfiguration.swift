import Foundation

/// A configuration to range with a third-party UWB accessory (Apple: iOS 15), from the
/// configuration data the accessory sends over Bluetooth in Apple's Nearby Interaction accessory
/// protocol.
///
/// Linux has no accessory sessions: the accessory protocol's data is made for Apple's UWB chip and
/// the DW1000 boards cannot take part in it. Both initializers therefore throw
/// ``NIError/Code/invalidConfiguration``, what Apple throws for configuration data it cannot use,
/// with the reason in the error's detail; there is never an instance to run. The class exists so
/// that code written for iOS compiles and learns at once, where it already handles the error.
///
/// `@unchecked Sendable`: no instance is ever created.
public final class NINearbyAccessoryConfiguration: NIConfiguration, @unchecked Sendable {
    /// The accessory's token, from its configuration data. Never reached on Linux.
    public let accessoryDiscoveryToken: NIDiscoveryToken

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

    /// Always nil: there are no accessory configurations to decode on Linux.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The error both initializers throw.
    private static var unavailable: NIError {
        NIError(.invalidConfiguration, detail: "accessory sessions do not exist on Linux: Apple's accessory protocol needs Apple's UWB chip; range with peers using NINearbyPeerConfiguration")
    }
}
