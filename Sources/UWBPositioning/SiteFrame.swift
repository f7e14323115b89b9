import Foundation
import UWBCore

/// A site's local coordinates tied to the globe: the project's world frame (+y up) on the local
/// tangent plane at an origin on the WGS-84 ellipsoid, x pointing east, y up and z south (as ARKit's
/// gravity-and-heading alignment), so a fix in site coordinates has a latitude, longitude and altitude.
///
/// The conversion goes through earth-centred, earth-fixed coordinates (ECEF) and back, exactly
/// (to well under a millimetre within kilometres of the origin), with the ellipsoid's constants
/// (``WGS84``).
public struct SiteFrame: Hashable, Sendable {
    /// The site's origin.
    public let origin: GeodeticPosition
    /// The origin in ECEF, metres.
    private let originECEF: Vector3

    /// The frame of a site whose origin is `origin`.
    ///
    /// - Throws: ``PositioningError/invalidSiteOrigin(_:)`` for a latitude beyond ±90°, a
    ///   longitude beyond ±180° or values that are not finite: a point off the globe.
    public init(origin: GeodeticPosition) throws(PositioningError) {
        let latitude = origin.latitude.degrees
        let longitude = origin.longitude.degrees
        guard latitude.isFinite, longitude.isFinite, origin.altitude.metres.isFinite, abs(latitude) <= 90, abs(longitude) <= 180 else {
            throw .invalidSiteOrigin(origin)
        }
        self.origin = origin
        originECEF = Self.ecef(origin)
    }

    /// Where site position `position` is on the globe.
    public func geodetic(_ position: Position) -> GeodeticPosition {
        let local = position.metres
        let (east, north, up) = axes
        let point = originECEF + east * local.x + up * local.y - north * local.z
        return Self.geodetic(ecef: point)
    }

    /// The site position of `point` on the globe.
    public func position(of point: GeodeticPosition) -> Position {
        let offset = Self.ecef(point) - originECEF
        let (east, north, up) = axes
        return Position(metres: Vector3(x: east.dot(offset), y: up.dot(offset), z: -north.dot(offset)))
    }

    /// The east, north and up unit vectors at the origin, in ECEF.
    private var axes: (east: Vector3, north: Vector3, up: Vector3) {
        let phi = origin.latitude.radians
        let lambda = origin.longitude.radians
        return (
            Vector3(x: -sin(lambda), y: cos(lambda), z: 0),
            Vector3(x: -sin(phi) * cos(lambda), y: -sin(phi) * sin(lambda), z: cos(phi)),
            Vector3(x: cos(phi) * cos(lambda), y: cos(phi) * sin(lambda), z: sin(phi)))
    }

    /// ECEF coordinates of a geodetic position (NIMA TR8350.2 §4).
    static func ecef(_ point: GeodeticPosition) -> Vector3 {
        let phi = point.latitude.radians
        let lambda = point.longitude.radians
        let height = point.altitude.metres
        let radius = WGS84.primeVerticalRadius(latitude: phi)
        return Vector3(
            x: (radius + height) * cos(phi) * cos(lambda),
            y: (radius + height) * cos(phi) * sin(lambda),
            z: (radius * (1 - WGS84.eccentricitySquared) + height) * sin(phi))
    }

    /// The geodetic position of ECEF coordinates, by fixed-point iteration on the latitude, which
    /// settles to far below a millimetre in a few steps anywhere near the surface.
    static func geodetic(ecef point: Vector3) -> GeodeticPosition {
        let e2 = WGS84.eccentricitySquared
        let p = (point.x * point.x + point.y * point.y).squareRoot()
        let lambda = atan2(point.y, point.x)
        var phi = atan2(point.z, p * (1 - e2))
        var height = 0.0
        for _ in 0..<WGS84.latitudeIterations {
            let radius = WGS84.primeVerticalRadius(latitude: phi)
            height = abs(cos(phi)) > 1e-9 ? p / cos(phi) - radius : abs(point.z) / abs(sin(phi)) - radius * (1 - e2)
            phi = atan2(point.z, p * (1 - e2 * radius / (radius + height)))
        }
        return GeodeticPosition(latitude: Angle(radians: phi), longitude: Angle(radians: lambda), altitude: Distance(metres: height))
    }
}
