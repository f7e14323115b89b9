import Testing
import UWBCore
import UWBPositioning

@Suite("Position fix: an error's distance in units of the fix's covariance")
struct PositionFixTests {
    @Test("2-D over x and z (y is the known height), 3-D over all three, with correlation; a singular covariance gives none")
    func squaredMahalanobisDistance() {
        // σx = 2 m, σz = 1 m: an error of (2, 1) is one σ on each axis, 2 in all.
        let planar = PositionFix(position: .origin, covariance: [4, 0, 0, 1], quality: .unverified)
        #expect(planar.squaredMahalanobisDistance(to: Position(metres: Vector3(x: 2, y: 5, z: 1))) == 2)
        // Correlation ρ = 0.5 with unit variances: d² = (x² − 2ρxz + z²) / (1 − ρ²) = (1 − 1 + 1) / 0.75 for (1, 1).
        let correlated = PositionFix(position: .origin, covariance: [1, 0.5, 0.5, 1], quality: .unverified)
        let d = correlated.squaredMahalanobisDistance(to: Position(metres: Vector3(x: 1, y: 0, z: 1))) ?? 0
        #expect(abs(d - 1 / 0.75) < 1e-12)
        let spatial = PositionFix(position: .origin, covariance: [1, 0, 0, 0, 4, 0, 0, 0, 9], quality: .unverified)
        #expect(spatial.squaredMahalanobisDistance(to: Position(metres: Vector3(x: 1, y: 2, z: 3))) == 3)
        let singular = PositionFix(position: .origin, covariance: [1, 1, 1, 1], quality: .unverified)
        #expect(singular.squaredMahalanobisDistance(to: .origin) == nil)
    }
}
