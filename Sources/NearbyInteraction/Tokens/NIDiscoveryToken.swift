import Foundation

/// The token that identifies one device's Nearby Interaction session to its peer (Apple: iOS 14).
///
/// An app reads its session's token, archives it with
/// `NSKeyedArchiver.archivedData(withRootObject: token, requiringSecureCoding: true)`, sends it to the
/// peer by any means, and the peer unarchives it with
/// `NSKeyedUnarchiver.unarchivedObject(ofClass: NIDiscoveryToken.self, from: data)` and runs an
/// `NINearbyPeerConfiguration` with it. For data from the network prefer ``unarchived(from:)``, which
/// checks the archive before Foundation sees it (see `Docs/nearby-interaction.md`).
///
/// A token is random per session: a 128-bit token identifier, the random UWB short address the session
/// uses on the air and the device's capabilities, and nothing that identifies the device across
/// sessions. Tokens are equal when their content is equal. There is no public initializer, as on
/// Apple platforms: a session creates its token.
///
/// Immutable: every stored property is a `let` of a `Sendable` value type, so the class is `Sendable`.
public final class NIDiscoveryToken: NSObject, NSCopying, NSSecureCoding, Sendable {
    /// The token's content.
    package let content: DiscoveryTokenContent

    /// A token with the given content.
    package init(content: DiscoveryTokenContent) {
        self.content = content
        super.init()
    }

    /// What the peer that created this token can measure (Apple: iOS 17).
    public var deviceCapabilities: any NIDeviceCapability {
        content.capabilities
    }

    // MARK: NSCopying

    /// The token itself: tokens are immutable.
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    // MARK: NSSecureCoding

    /// True: tokens decode only as tokens.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the token's binary content (format in `Docs/nearby-interaction.md`).
    public func encode(with coder: NSCoder) {
        KeyedArchivePayload.encode(content.encoded, with: coder)
    }

    /// Decodes a token, or nil if the archived content is missing or malformed in any way.
    public init?(coder: NSCoder) {
        guard let payload = KeyedArchivePayload.decode(from: coder),
              let content = try? DiscoveryTokenContent(decoding: payload)
        else { return nil }
        self.content = content
        super.init()
    }

    // MARK: Equality

    /// Whether `object` is a token with the same content.
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? NIDiscoveryToken else { return false }
        return other === self || other.content == content
    }

    /// A hash of the content, consistent with ``isEqual(_:)``.
    public override var hash: Int {
        content.hashValue
    }

    /// The first 8 hexadecimal digits of the token identifier and the capabilities, for logs. The
    /// identifier is random per session, so this reveals nothing about the device.
    public override var description: String {
        "NIDiscoveryToken(\(content.identifier.description.prefix(8))…, \(content.capabilities))"
    }
}
