import Foundation

/// A peer a session ranges with, and its latest measurements (Apple: iOS 14).
///
/// Sessions create nearby objects and hand them to the delegate; apps do not create them. Any
/// measurement may be nil: the peer is out of range (all nil), or outside the field of view or line of
/// sight (no direction or angle), or the radio cannot measure it (see ``NIRadioCapability``).
///
/// Coordinates are Nearby Interaction's: looking at the screen in portrait, +x right, +y up, −z away
/// from the user through the back.
///
/// Immutable: every stored property is a `let` of a `Sendable` type, so the class is `Sendable`.
public final class NINearbyObject: NSObject, NSCopying, NSSecureCoding, Sendable {
    /// The peer's discovery token: the one in the configuration the session runs.
    public let discoveryToken: NIDiscoveryToken
    /// The distance to the peer in metres, or nil if not measured.
    public let distance: Float?
    /// The unit vector toward the peer, or nil if not measured (radios with fewer than three coherent
    /// receivers never measure it; see ``horizontalAngle``).
    public let direction: simd_float3?
    /// The azimuth toward the peer in radians, in [−π, π], positive to the right (+x), or nil if not
    /// measured (Apple: iOS 16).
    public let horizontalAngle: Float?
    /// Whether the peer is above or below this device (Apple: iOS 16).
    public let verticalDirectionEstimate: VerticalDirectionEstimate

    /// A nearby object with the given measurements, made consistent: a non-finite or negative
    /// distance becomes nil or 0, a direction is normalized (nil if it is not finite or has no length),
    /// and an angle is wrapped into [−π, π] (nil if not finite). The archived form and the delegate
    /// therefore only ever see valid values.
    package init(
        discoveryToken: NIDiscoveryToken,
        distance: Float?,
        direction: simd_float3?,
        horizontalAngle: Float?,
        verticalDirectionEstimate: VerticalDirectionEstimate = .unknown
    ) {
        self.discoveryToken = discoveryToken
        self.distance = distance.flatMap { $0.isFinite ? max($0, 0) : nil }
        self.direction = direction.flatMap(Self.normalized)
        self.horizontalAngle = horizontalAngle.flatMap(Self.wrapped)
        self.verticalDirectionEstimate = verticalDirectionEstimate
        super.init()
    }

    /// `vector` scaled to unit length, or nil if it is not finite or has no usable length.
    static func normalized(_ vector: simd_float3) -> simd_float3? {
        let length = (vector * vector).sum().squareRoot()
        guard length.isFinite, length > .ulpOfOne else { return nil }
        return vector / length
    }

    /// `angle` wrapped into [−π, π], or nil if it is not finite.
    static func wrapped(_ angle: Float) -> Float? {
        guard angle.isFinite else { return nil }
        guard abs(angle) > .pi else { return angle }
        let turns = (angle / (2 * .pi)).rounded()
        return min(max(angle - turns * 2 * .pi, -.pi), .pi)
    }

    // MARK: NSCopying

    /// The object itself: nearby objects are immutable.
    public func copy(with zone: NSZone? = nil) -> Any {
        self
    }

    // MARK: NSSecureCoding

    /// True: nearby objects decode only as nearby objects.
    public static var supportsSecureCoding: Bool { true }

    /// Archives the object's binary payload (format in `Docs/nearby-interaction.md`).
    public func encode(with coder: NSCoder) {
        KeyedArchivePayload.encode(NINearbyObjectContent(self).encoded, with: coder)
    }

    /// Decodes a nearby object, or nil if the archived payload is missing or malformed in any way.
    public init?(coder: NSCoder) {
        guard let payload = KeyedArchivePayload.decode(from: coder),
              let content = try? NINearbyObjectContent(decoding: payload)
        else { return nil }
        discoveryToken = NIDiscoveryToken(content: content.token)
        distance = content.distance
        direction = content.direction
        horizontalAngle = content.horizontalAngle
        verticalDirectionEstimate = content.verticalDirectionEstimate
        super.init()
    }

    /// The token and measurements, for logs.
    public override var description: String {
        var parts = ["\(discoveryToken)"]
        parts.append(distance.map { "distance \($0) m" } ?? "no distance")
        parts.append(direction.map { "direction (\($0.x), \($0.y), \($0.z))" } ?? "no direction")
        parts.append(horizontalAngle.map { "horizontal angle \($0) rad" } ?? "no horizontal angle")
        parts.append("vertical \(verticalDirectionEstimate)")
        return "NINearbyObject(" + parts.joined(separator: ", ") + ")"
    }

    /// Unarchives a nearby object, checking every field first; see
    /// ``NIDiscoveryToken/unarchived(from:)`` for why. A swift-uwb addition.
    ///
    /// - Throws: ``NIArchiveError`` saying what is wrong.
    public static func unarchived(from data: Data) throws(NIArchiveError) -> NINearbyObject {
        let payload = try KeyedArchiveReader.payload(of: data, className: NSStringFromClass(NINearbyObject.self))
        let content = try NINearbyObjectContent(decoding: payload)
        return NINearbyObject(
            discoveryToken: NIDiscoveryToken(content: content.token),
            distance: content.distance,
            direction: content.direction,
            horizontalAngle: content.horizontalAngle,
            verticalDirectionEstimate: content.verticalDirectionEstimate
        )
    }
}
