import Testing
@testable import UWBCore

@Suite("Units carried in types")
struct UnitTests {
    // The physics reference: Docs/reference/uwb-physics.md.
    @Test("channel 5 has a 46.20 mm wavelength (physics reference §4.2)")
    func wavelength() {
        #expect(abs(Channel.five.centreFrequency.wavelength.metres - 0.046196) < 0.00001)
    }

    @Test("angles wrap to (-pi, pi]")
    func angleWrapping() {
        #expect(abs(Angle(radians: 3 * .pi / 2).wrapped.radians - (-Double.pi / 2)) < 1e-12)
        #expect(abs(Angle(radians: -Double.pi).wrapped.radians - Double.pi) < 1e-12)
        #expect(abs(Angle.degrees(90).radians - Double.pi / 2) < 1e-12)
    }

    @Test("power levels and ratios combine in decibels")
    func power() {
        let level = PowerLevel(dBm: -80) + PowerRatio(decibels: 6)
        #expect(level == PowerLevel(dBm: -74))
        #expect(PowerLevel(dBm: -74) - PowerLevel(dBm: -80) == PowerRatio(decibels: 6))
        #expect(abs(PowerLevel(dBm: 0).milliwatts - 1) < 1e-12)
        #expect(abs(PowerRatio(decibels: 10).linear - 10) < 1e-12)
    }

    @Test("positions measure straight-line distance")
    func positions() {
        let a = Position.origin
        let b = Position(metres: Vector3(x: 3, y: 4, z: 0))
        #expect(a.distance(to: b) == Distance(metres: 5))
    }

    @Test("clock offsets convert between ppm and ratio")
    func clockOffset() {
        #expect(ClockOffset(partsPerMillion: 20).ratio == 20e-6)
        #expect(ClockOffset(partsPerMillion: -1.5).description == "-1.50 ppm")
    }

    @Test("descriptions carry units")
    func descriptions() {
        #expect(Distance(metres: 3).description == "3.000 m")
        #expect(PowerLevel(dBm: -80).description == "-80.0 dBm")
    }
}
