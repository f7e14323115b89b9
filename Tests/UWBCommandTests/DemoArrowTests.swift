import Testing
@testable import uwb
import UWBCore

/// The arrow's eight 45° sectors, their half-open boundaries and the fallback to the direction vector.
@Suite("Demo arrow")
struct DemoArrowTests {
    /// Bearings in degrees and the arrow worked out by hand from the sector table in ``DemoArrow``:
    /// a boundary belongs to the sector clockwise of it.
    static let sectors: [(degrees: Double, arrow: String)] = [
        (0, "↑"), (22.4999, "↑"), (22.5, "↗"), (45, "↗"), (67.4999, "↗"),
        (67.5, "→"), (90, "→"), (112.4999, "→"), (112.5, "↘"), (135, "↘"), (157.4999, "↘"),
        (157.5, "↓"), (180, "↓"), (-180, "↓"), (-157.5001, "↓"),
        (-157.5, "↙"), (-135, "↙"), (-112.5001, "↙"),
        (-112.5, "←"), (-90, "←"), (-67.5001, "←"),
        (-67.5, "↖"), (-45, "↖"), (-22.5001, "↖"),
        (-22.5, "↑"), (-0.1, "↑"),
    ]

    @Test("each sector boundary goes to the arrow clockwise of it", arguments: sectors)
    func sector(degrees: Double, arrow: String) {
        #expect(DemoArrow.glyph(forAzimuth: .degrees(degrees)) == arrow)
    }

    @Test("angles outside (−180°, 180°] are wrapped first")
    func wrapping() {
        #expect(DemoArrow.glyph(forAzimuth: .degrees(360)) == "↑")
        #expect(DemoArrow.glyph(forAzimuth: .degrees(405)) == "↗")
        #expect(DemoArrow.glyph(forAzimuth: .degrees(-315)) == "↗")
        #expect(DemoArrow.glyph(forAzimuth: .degrees(540)) == "↓")
        #expect(DemoArrow.glyph(forAzimuth: .degrees(-270)) == "→")
    }

    @Test("unknown or non-finite bearings show the dot")
    func unknown() {
        #expect(DemoArrow.glyph(forAzimuth: nil) == "·")
        #expect(DemoArrow.glyph(forAzimuth: Angle(radians: .nan)) == "·")
        #expect(DemoArrow.glyph(forAzimuth: Angle(radians: .infinity)) == "·")
        #expect(DemoArrow.glyph(for: reading(direction: nil, horizontalAngle: nil)) == "·")
    }

    @Test("without a horizontal angle the direction gives the bearing as atan2(x, −z)")
    func direction() {
        #expect(DemoArrow.glyph(for: reading(direction: Vector3(x: 0, y: 0, z: -1))) == "↑")
        #expect(DemoArrow.glyph(for: reading(direction: Vector3(x: 1, y: 0, z: 0))) == "→")
        #expect(DemoArrow.glyph(for: reading(direction: Vector3(x: -1, y: 0, z: 0))) == "←")
        #expect(DemoArrow.glyph(for: reading(direction: Vector3(x: 0, y: 0, z: 1))) == "↓")
        #expect(DemoArrow.glyph(for: reading(direction: Vector3(x: 0.6, y: 0.6, z: 0.6))) == "↘")
        #expect(DemoArrow.glyph(for: reading(direction: Vector3(x: 0, y: 1, z: 0))) == "·")
        #expect(DemoArrow.glyph(for: reading(direction: Vector3(x: .nan, y: 0, z: -1))) == "·")
    }

    @Test("the horizontal angle wins over the direction, unless it is not finite")
    func precedence() {
        let behind = Vector3(x: 0, y: 0, z: 1)
        #expect(DemoArrow.glyph(for: reading(direction: behind, horizontalAngle: .degrees(-90))) == "←")
        #expect(DemoArrow.glyph(for: reading(direction: behind, horizontalAngle: Angle(radians: .nan))) == "↓")
    }

    private func reading(direction: Vector3?, horizontalAngle: Angle? = nil) -> DemoReading {
        DemoReading(device: "a", peer: "b", time: .zero, state: .ranging, direction: direction, horizontalAngle: horizontalAngle)
    }
}
