import Foundation

/// The World Geodetic System 1984 ellipsoid (NIMA TR8350.2, third edition, 2000, table 3.1;
/// `Docs/reference/positioning.md` §1), the datum of GPS and of the site origins positions are tied to.
enum WGS84 {
    /// The semi-major axis a: 6 378 137 m.
    static let semiMajorAxis = 6_378_137.0
    /// The flattening f: 1 / 298.257223563.
    static let flattening = 1 / 298.257_223_563
    /// The first eccentricity squared, e² = f(2 − f).
    static let eccentricitySquared = flattening * (2 - flattening)
    /// Iterations of the latitude in the ECEF-to-geodetic conversion: each gains about three
    /// orders of magnitude near the surface, so 6 are far below a millimetre.
    static let latitudeIterations = 6

    /// The prime vertical radius of curvature N(φ) = a / √(1 − e² sin²φ).
    static func primeVerticalRadius(latitude phi: Double) -> Double {
        semiMajorAxis / (1 - eccentricitySquared * sin(phi) * sin(phi)).squareRoot()
    }
}
