/// A point on the WGS-84 ellipsoid: latitude, longitude and height above the ellipsoid.
public struct GeodeticPosition: Hashable, Sendable, CustomStringConvertible {
    /// North of the equator is positive, −90° to 90°.
    public var latitude: Angle
    /// East of Greenwich is positive, −180° to 180°.
    public var longitude: Angle
    /// Height above the WGS-84 ellipsoid.
    public var altitude: Distance

    /// A geodetic position.
    public init(latitude: Angle, longitude: Angle, altitude: Distance) {
        self.latitude = latitude
        self.longitude = longitude
        self.altitude = altitude
    }

    /// Latitude and longitude in degrees to 8 decimals (about 1 mm), altitude in metres to the millimetre.
    public var description: String {
        "\(formatted(latitude.degrees, decimals: 8))°, \(formatted(longitude.degrees, decimals: 8))°, \(formatted(altitude.metres, decimals: 3)) m"
    }
}
