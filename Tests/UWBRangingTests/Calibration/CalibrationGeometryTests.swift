import Testing
import UWBCore
import UWBRanging

/// The geometry of an antenna-delay calibration, checked against triangles worked out by hand.
@Suite("Calibration geometry")
struct CalibrationGeometryTests {
    static let channelFive = Distance(metres: 0.0462)

    static func pairs(_ ab: Double, _ ac: Double, _ bc: Double) -> [AntennaDelayEstimate.Pair] {
        [(0, 1, ab), (0, 2, ac), (1, 2, bc)].map {
            AntennaDelayEstimate.Pair(first: $0.0, second: $0.1, measured: Distance(metres: $0.2), actual: Distance(metres: $0.2))
        }
    }

    @Test("a 3-4-5 triangle and the calibration room's pairs pass")
    func goodTriangles() throws {
        try CalibrationGeometry.check(Self.pairs(3, 4, 5), wavelength: Self.channelFive)
        // Fewer than three distances of a triangle: nothing to check.
        try CalibrationGeometry.check(Array(Self.pairs(1, 1, 9).prefix(2)), wavelength: Self.channelFive)
    }

    @Test("1 m, 1 m and 3 m cannot all be true: the long side is 1 m too long")
    func inconsistent() {
        #expect(throws: AntennaDelayEstimateError.inconsistentDistances(first: 0, second: 1, third: 2, excess: Distance(metres: 1))) {
            try CalibrationGeometry.check(Self.pairs(1, 1, 3), wavelength: Self.channelFive)
        }
        // Within the 5 cm tolerance it is a line, not a mistake.
        #expect(throws: AntennaDelayEstimateError.self) { try CalibrationGeometry.check(Self.pairs(1, 1, 2.04), wavelength: Self.channelFive) }
    }

    @Test("a device 10 cm off the middle of a 2 m line is inside the first Fresnel zone (√(λ·1·1/2) = 15.2 cm); 20 cm off it is not")
    func fresnelZone() {
        // Sides 2, √(1 + h²) twice: the middle device (index 2) stands h above the line's middle.
        let near = (1 + 0.1 * 0.1).squareRoot()
        let error = #expect(throws: AntennaDelayEstimateError.self) {
            try CalibrationGeometry.check(Self.pairs(2, near, near), wavelength: Self.channelFive)
        }
        guard case .collinear(let first, let second, let middle, let offset, let needed) = error else {
            Issue.record("expected collinear, got \(String(describing: error))")
            return
        }
        #expect([first, second, middle] == [0, 1, 2])
        #expect(abs(offset.metres - 0.1) < 1e-9)
        #expect(abs(needed.metres - (0.0462 / 2).squareRoot()) < 1e-9)
        let far = (1 + 0.2 * 0.2).squareRoot()
        #expect(throws: Never.self) { try CalibrationGeometry.check(Self.pairs(2, far, far), wavelength: Self.channelFive) }
    }
}
