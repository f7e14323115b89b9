import Foundation
import Testing
import UWBCore
import UWBPositioning

@Suite("Site frame: site coordinates (x east, y up, z south) to WGS-84 and back")
struct SiteFrameTests {
    /// The WGS-84 ellipsoid (NIMA TR8350.2 table 3.1), written out here so the test does not read the code's.
    static let a = 6_378_137.0
    static let f = 1 / 298.257_223_563
    static let e2 = f * (2 - f)

    @Test("1 km north and east at the equator: latitude and longitude move by 1 km over the meridian and prime-vertical radii")
    func equator() throws {
        let frame = try SiteFrame(origin: GeodeticPosition(latitude: .zero, longitude: .degrees(10), altitude: .zero))
        let north = frame.geodetic(Position(metres: Vector3(x: 0, y: 0, z: -1000)))
        let meridianRadius = Self.a * (1 - Self.e2)  // M(0) = a(1 − e²)
        // Over 1 km the meridian's curvature changes nothing at the equator (dM/dφ = 0 there).
        #expect(abs(north.latitude.radians - 1000 / meridianRadius) < 1e-10)
        #expect(abs(north.longitude.degrees - 10) < 1e-12)
        let east = frame.geodetic(Position(metres: Vector3(x: 1000, y: 0, z: 0)))
        // Along the tangent plane's east axis: atan(1000 / N), N = a at the equator.
        #expect(abs(east.longitude.radians - Angle.degrees(10).radians - atan(1000 / Self.a)) < 1e-12)
        // Leaving the tangent plane's origin by 1 km lifts the point by √(a² + 1000²) − a.
        #expect(abs(east.altitude.metres - ((Self.a * Self.a + 1e6).squareRoot() - Self.a)) < 1e-4)
    }

    @Test("up is the ellipsoid's normal: 100 m up keeps latitude and longitude and adds 100 m of altitude", arguments: [0.0, 45, -33.9, 89.9])
    func up(latitude: Double) throws {
        let origin = GeodeticPosition(latitude: .degrees(latitude), longitude: .degrees(-71), altitude: Distance(metres: 250))
        let frame = try SiteFrame(origin: origin)
        let point = frame.geodetic(Position(metres: Vector3(x: 0, y: 100, z: 0)))
        #expect(abs(point.latitude.degrees - latitude) < 1e-9)
        #expect(abs(point.altitude.metres - 350) < 1e-6)
    }

    @Test("site coordinates to the globe and back agree to well under a millimetre within kilometres of the origin")
    func roundTrip() throws {
        let frame = try SiteFrame(origin: GeodeticPosition(latitude: .degrees(52.2053), longitude: .degrees(0.1218), altitude: Distance(metres: 10)))
        for point in [Vector3(x: 12.5, y: 1.2, z: -40), Vector3(x: -3000, y: 50, z: 2500), Vector3(x: 0, y: 0, z: 0)] {
            let back = frame.position(of: frame.geodetic(Position(metres: point))).metres
            #expect((back - point).length < 1e-4, "\(point) came back as \(back)")
        }
    }

    @Test("a site origin off the globe is refused")
    func offTheGlobe() {
        for origin in [
            GeodeticPosition(latitude: .degrees(90.5), longitude: .zero, altitude: .zero),
            GeodeticPosition(latitude: .zero, longitude: .degrees(-181), altitude: .zero),
            GeodeticPosition(latitude: Angle(radians: .nan), longitude: .zero, altitude: .zero),
        ] {
            let error = #expect(throws: PositioningError.self) { try SiteFrame(origin: origin) }
            // Matched by case: a NaN latitude makes the error unequal to itself.
            guard case .invalidSiteOrigin? = error else {
                Issue.record("\(String(describing: error))")
                continue
            }
        }
    }
}
