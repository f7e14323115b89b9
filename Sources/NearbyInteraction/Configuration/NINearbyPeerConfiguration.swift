import Foundation
import UWBCore

/// A configuration to range with one peer device, named by its discovery token (Apple: iOS 14).
///
/// As on Apple platforms the peer token is not checked here but when a session runs the
/// configuration: a malformed, foreign or own token makes `run` fail with
/// ``NIError/Code/invalidConfiguration``.
///
/// The archived form is a versioned binary payload (`Docs/nearby-interaction.md`):
/// version 1, a flag octet (bit 0 camera assistance, bit 1 extended distance; bits 2–7 reserved, 0),
/// the update interval in microseconds (32 bits, 0 for the device's default), then the peer token's
/// content with a 16-bit length.
///
/// `@unchecked Sendable`: ``peerDiscoveryToken`` is an immutable `Sendable` token and the two
/// settable flags live in `options`, read and written only while holding `lock`.
public final class NINearbyPeerConfiguration: NIConfiguration, @unchecked Sendable {
    /// The settable options, guarded by ``lock``.
    private struct Options: Hashable, Sendable {
        /// See ``isCameraAssistanceEnabled``.
        var cameraAssistance = false
        /// See ``isExtendedDistanceMeasurementEnabled``.
        var extendedDistance = false
        /// See ``updateInterval``.
        var updateInterval: Duration?
    }

    /// The format version this library writes and reads.
    private static let currentVersion: UInt8 = 1

    /// The peer's token, as given to ``init(peerToken:)``.
    public let peerDiscoveryToken: NIDiscoveryToken

    /// Guards ``options``.
    private let lock = NSLock()
    /// The settable options; access only through ``withOptions(_:)``.
    private var options: Options

    /// A configuration to range with the device that created `peerToken`.
    public init(peerToken: NIDiscoveryToken) {
        peerDiscoveryToken = peerToken
        options = Options()
        super.init(abstractBase: ())
    }

    /// A configuration with the given token and options.
    private init(peerToken: NIDiscoveryToken, options: Options) {
        peerDiscoveryToken = peerToken
        self.options = options
        super.init(abstractBase: ())
    }

    /// Runs `body` on the options while holding the lock.
    private func withOptions<Result>(_ body: (inout Options) -> Result) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return body(&options)
    }

    /// Whether to use the camera to improve direction (Apple: iOS 16). Linux has no camera assistance
    /// (``NIRadioCapability/supportsCameraAssistance`` is false), so a session refuses to run a
    /// configuration with this set. Default false.
    public var isCameraAssistanceEnabled: Bool {
        get { withOptions { $0.cameraAssistance } }
        set { withOptions { $0.cameraAssistance = newValue } }
    }

    /// Whether to use extended distance measurement (Apple: iOS 17). Not available on Linux
    /// (``NIRadioCapability/supportsExtendedDistanceMeasurement`` is false), so a session ignores it
    /// and ranges as without it, as Apple's sessions do with a peer that lacks it. Archived and
    /// copied with the configuration. Default false.
    public var isExtendedDistanceMeasurementEnabled: Bool {
        get { withOptions { $0.extendedDistance } }
        set { withOptions { $0.extendedDistance = newValue } }
    }

    /// How often to measure the peer: the time between ranging rounds. A swift-uwb addition:
    /// Nearby Interaction has no rate control. Of the two sides of a session, the one that initiates
    /// the rounds sets the pace (the device service derives the roles from the two tokens), so give
    /// both sides the same interval. A session refuses to run an interval its radio cannot keep
    /// (``DeviceService/updateIntervals``; see ``NISession/run(_:)``). Default nil: the device's
    /// ``DeviceService/defaultUpdateInterval``, 100 ms where the radio can keep it.
    public var updateInterval: Duration? {
        get { withOptions { $0.updateInterval } }
        set { withOptions { $0.updateInterval = newValue } }
    }

    // MARK: NSCopying

    /// A new configuration with the same token and options; changing one does not change the other.
    public override func copy(with zone: NSZone? = nil) -> Any {
        NINearbyPeerConfiguration(peerToken: peerDiscoveryToken, options: withOptions { $0 })
    }

    // MARK: NSSecureCoding

    /// True: configurations decode only as the classes asked for.
    public override class var supportsSecureCoding: Bool { true }

    /// The archived form (format version 1).
    var encoded: [UInt8] {
        let options = withOptions { $0 }
        var writer = PayloadWriter()
        writer.append(Self.currentVersion)
        writer.append((options.cameraAssistance ? 0b01 : 0) | (options.extendedDistance ? 0b10 : 0))
        writer.appendLittleEndian(options.updateInterval.map(Self.archivedMicroseconds) ?? 0)
        writer.appendLengthPrefixed(peerDiscoveryToken.content.encoded)
        return writer.bytes
    }

    /// Decodes and validates an archived configuration.
    ///
    /// - Throws: ``NIArchiveError`` for a wrong version, reserved bits, wrong lengths or a malformed token.
    convenience init(decoding bytes: [UInt8]) throws(NIArchiveError) {
        var reader = PayloadReader(bytes)
        let version = try reader.readOctet("configuration format version")
        guard version == Self.currentVersion else { throw .unsupportedVersion(version, type: "peer configuration") }
        let flags = try reader.readOctet("configuration flags")
        guard flags & 0b1111_1100 == 0 else { throw .reservedBitsSet(field: "configuration flags", value: flags) }
        let microseconds = try reader.readLittleEndian(UInt32.self, "configuration update interval")
        let token = try DiscoveryTokenContent(decoding: try reader.readLengthPrefixed("peer token"))
        try reader.finish()
        self.init(
            peerToken: NIDiscoveryToken(content: token),
            options: Options(cameraAssistance: flags & 0b01 != 0, extendedDistance: flags & 0b10 != 0,
                             updateInterval: microseconds == 0 ? nil : .microseconds(microseconds))
        )
    }

    /// `interval` in whole microseconds for the archive, clamped to 1 µs … 2³² − 1 µs (71 minutes).
    private static func archivedMicroseconds(_ interval: Duration) -> UInt32 {
        let microseconds = (interval.secondsValue * 1_000_000).rounded()
        guard microseconds.isFinite else { return 1 }
        return UInt32(min(max(microseconds, 1), Double(UInt32.max)))
    }

    /// Archives the configuration's binary payload.
    public override func encode(with coder: NSCoder) {
        KeyedArchivePayload.encode(encoded, with: coder)
    }

    /// Decodes a configuration, or nil if the archived payload is missing or malformed in any way.
    public required convenience init?(coder: NSCoder) {
        guard let payload = KeyedArchivePayload.decode(from: coder),
              let decoded = try? NINearbyPeerConfiguration(decoding: payload)
        else { return nil }
        self.init(peerToken: decoded.peerDiscoveryToken, options: decoded.withOptions { $0 })
    }

    /// The peer token and any enabled options, for logs.
    public override var description: String {
        let options = withOptions { $0 }
        var text = "NINearbyPeerConfiguration(peer: \(peerDiscoveryToken)"
        if options.cameraAssistance { text += ", camera assistance" }
        if options.extendedDistance { text += ", extended distance" }
        if let interval = options.updateInterval { text += ", every \(interval)" }
        return text + ")"
    }

    /// Unarchives a peer configuration, checking every field first; see
    /// ``NIDiscoveryToken/unarchived(from:)`` for why. A swift-uwb addition.
    ///
    /// - Throws: ``NIArchiveError`` saying what is wrong.
    public static func unarchived(from data: Data) throws(NIArchiveError) -> NINearbyPeerConfiguration {
        let payload = try KeyedArchiveReader.payload(of: data, className: NSStringFromClass(NINearbyPeerConfiguration.self))
        return try NINearbyPeerConfiguration(decoding: payload)
    }
}
