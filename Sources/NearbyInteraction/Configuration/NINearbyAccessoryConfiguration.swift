import AccessoryProtocol
import Foundation

/// A configuration to range with a third-party UWB accessory (Apple: iOS 15), from the
/// configuration data the accessory sends over Bluetooth in Apple's Nearby Interaction accessory
/// protocol.
///
/// As on iOS: make it from the accessory's configuration data, ``NISession/run(_:)`` it, send the
/// accessory the shareable configuration data the session hands
/// ``NISessionDelegate/session(_:didGenerateShareableConfigurationData:for:)`` (with message 0x0B
/// of the accessory samples), and the accessory's distance arrives in
/// ``NISessionDelegate/session(_:didUpdate:)`` as the object of ``accessoryDiscoveryToken``.
/// The data is read with AccessoryProtocol's ``AccessoryProtocol/AccessoryConfigurationData`` and
/// its UWB block (``AccessoryProtocol/AccessoryUWBConfiguration``, Qorvo's and NXP's layout), which
/// gives the accessory's address and role; the FiRa session it then ranges is described in
/// `Docs/accessories.md`.
///
/// Bluetooth Channel Sounding (iOS 27) behaves as on an Apple device without it
/// (``NIDeviceCapability/supportsBluetoothChannelSounding`` is false): its initializer makes a
/// configuration, and running it invalidates the session with ``NIError/Code/unsupportedPlatform``.
///
/// `@unchecked Sendable`: every stored property is a constant.
public final class NINearbyAccessoryConfiguration: NIConfiguration, @unchecked Sendable {
    /// What the configuration ranges with.
    enum Accessory {
        /// An accessory's UWB, described by its configuration data and the UWB block in it,
        /// connected over Bluetooth as `bluetoothPeer` when the Bluetooth initializer made it.
        case uwb(AccessoryConfigurationData, AccessoryUWBConfiguration, bluetoothPeer: UUID?)
        /// Bluetooth Channel Sounding with an accessory of these identifiers.
        case channelSounding(identifier: UUID, previous: UUID?)
    }

    /// The token that names the accessory: its objects carry it. For UWB, the same accessory data
    /// always gives the same token (its identifier is a digest of the data, its short address the
    /// accessory's).
    public let accessoryDiscoveryToken: NIDiscoveryToken

    /// What the configuration ranges with.
    let accessory: Accessory

    /// Whether to use the camera to improve direction (Apple: iOS 16). Linux has no camera
    /// assistance: it stays false.
    public var isCameraAssistanceEnabled: Bool {
        get { false }
        set {}
    }

    /// A configuration from the accessory's configuration data (what it sends in answer to
    /// initialise, message 0x01, without the message's identifier).
    ///
    /// - Throws: ``NIError`` with code ``NIError/Code/invalidConfiguration`` saying what is wrong:
    ///   data cut short or too long, an unknown version, a UWB block that is not Qorvo's and NXP's
    ///   layout (its address and role cannot be read).
    public init(data: Data) throws(NIError) {
        let (accessory, address) = try Self.read(data, bluetoothPeer: nil)
        self.accessory = accessory
        accessoryDiscoveryToken = Self.token(of: data, address: address)
        super.init(abstractBase: ())
    }

    /// A configuration for a paired, connected Bluetooth accessory, which may range in the
    /// background (Apple: iOS 16). Linux has no background: it ranges as ``init(data:)``'s.
    ///
    /// - Throws: ``NIError`` with code ``NIError/Code/invalidConfiguration``, as ``init(data:)``.
    public init(accessoryData: Data, bluetoothPeerIdentifier identifier: UUID) throws(NIError) {
        let (accessory, address) = try Self.read(accessoryData, bluetoothPeer: identifier)
        self.accessory = accessory
        accessoryDiscoveryToken = Self.token(of: accessoryData, address: address)
        super.init(abstractBase: ())
    }

    /// A configuration to range over Bluetooth Channel Sounding with an accessory paired through
    /// AccessorySetupKit (Apple: iOS 27), identified by `bluetoothIdentifier` and, after a
    /// reconnection, `previousBluetoothIdentifier`. Linux has no Bluetooth Channel Sounding: running
    /// the configuration invalidates the session with ``NIError/Code/unsupportedPlatform``, as on an
    /// Apple device without it.
    public init(bluetoothChannelSoundingIdentifier bluetoothIdentifier: UUID, previousBluetoothIdentifier: UUID?) {
        accessoryDiscoveryToken = NIDiscoveryToken.makeForNewSession(capabilities: .unsupported)
        accessory = .channelSounding(identifier: bluetoothIdentifier, previous: previousBluetoothIdentifier)
        super.init(abstractBase: ())
    }

    /// Always nil: accessory configurations are not archived.
    public required init?(coder: NSCoder) {
        return nil
    }

    /// The error running a Bluetooth Channel Sounding configuration ends the session with.
    var unsupported: NIError {
        NIError(.unsupportedPlatform, detail: "this device has no Bluetooth Channel Sounding (NISession.deviceCapabilities.supportsBluetoothChannelSounding is false on Linux); range with the accessory's UWB, or with peers using NINearbyPeerConfiguration")
    }

    /// The capabilities an accessory's token carries: distance, with an STS (FiRa's static STS).
    package static let accessoryCapabilities = NIRadioCapability(
        supportsPreciseDistanceMeasurement: true, supportsHorizontalAngleMeasurement: false, supportsDirectionMeasurement: false,
        supportsSecureTimestamps: true)

    /// The accessory `data` describes and its short address, or why it cannot range.
    private static func read(_ data: Data, bluetoothPeer: UUID?) throws(NIError) -> (Accessory, UInt16) {
        let configuration: AccessoryConfigurationData
        do {
            configuration = try AccessoryConfigurationData(octets: [UInt8](data))
        } catch {
            throw NIError(.invalidConfiguration, detail: "not accessory configuration data: \(error)")
        }
        do {
            let uwb = try AccessoryUWBConfiguration(octets: configuration.uwbConfiguration)
            return (.uwb(configuration, uwb, bluetoothPeer: bluetoothPeer), uwb.macAddress)
        } catch {
            throw NIError(.invalidConfiguration, detail: "the accessory's UWB configuration block cannot be read (\(error)); swift-uwb reads Qorvo's and NXP's layout, which gives the accessory's address and role")
        }
    }

    /// The token of the accessory at `address` that `data` describes (``NIDiscoveryToken/naming(_:shortAddress:capabilities:)``).
    private static func token(of data: Data, address: UInt16) -> NIDiscoveryToken {
        NIDiscoveryToken.naming([UInt8](data), shortAddress: address, capabilities: accessoryCapabilities)
    }
}
