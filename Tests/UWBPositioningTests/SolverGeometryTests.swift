import Testing
import UWBCore
import UWBPositioning

/// Anchors and exact measurements for the solver tests.
enum Site {
    /// Four anchors at the corners of a 10 m × 8 m room, at 2.5, 2.4, 2.6 and 2.5 m.
    static let room = [
        anchor("A", 0, 2.5, 0), anchor("B", 10, 2.4, 0), anchor("C", 10, 2.6, 8), anchor("D", 0, 2.5, 8),
    ]
    /// Six anchors at two heights, so that they span three dimensions.
    static let hall = [
        anchor("A", 0, 3, 0), anchor("B", 20, 0.5, 0), anchor("C", 20, 3, 15), anchor("D", 0, 0.5, 15),
        anchor("E", 10, 1.8, 0), anchor("F", 10, 2.2, 15),
    ]

    static func anchor(_ name: String, _ x: Double, _ y: Double, _ z: Double) -> Anchor {
        Anchor(name: name, position: Position(metres: Vector3(x: x, y: y, z: z)))
    }

    /// The exact distance from `anchor` to `point`, with standard deviation `deviation`.
    static func distance(_ anchor: Anchor, _ point: Vector3, deviation: Double = 0.05, error: Double = 0) -> PositionMeasurement {
        .distance(to: anchor.name, Distance(metres: (point - anchor.position.metres).length + error),
                  standardDeviation: Distance(metres: deviation))
    }

    /// The exact difference of distances from `anchor` and `reference` to `point`.
    static func difference(_ anchor: Anchor, _ reference: Anchor, _ point: Vector3, deviation: Double = 0.05, error: Double = 0)
        -> PositionMeasurement {
        let value = (point - anchor.position.metres).length - (point - reference.position.metres).length + error
        return .distanceDifference(anchor: anchor.name, reference: reference.name, Distance(metres: value),
                                   standardDeviation: Distance(metres: deviation))
    }

    /// Every anchor's difference against the first.
    static func differences(_ anchors: [Anchor], _ point: Vector3) -> [PositionMeasurement] {
        anchors.dropFirst().map { difference($0, anchors[0], point) }
    }
}

@Suite("Position solver: exact geometry")
struct SolverGeometryTests {
    @Test("noise-free distances give the position to the numerical floor, inside and outside the anchors, in 2-D", arguments: [
        Vector3(x: 3, y: 1.2, z: 2), Vector3(x: 9.5, y: 1.2, z: 7.5), Vector3(x: -6, y: 1.2, z: 12), Vector3(x: 25, y: 1.2, z: -4),
    ])
    func distancesPlanar(tag: Vector3) throws {
        let solver = try PositionSolver(anchors: Site.room, geometry: .planar(height: Distance(metres: 1.2)))
        let fix = try solver.fix(Site.room.map { Site.distance($0, tag) })
        #expect((fix.position.metres - tag).length < 1e-7, "\(fix.position)")
        #expect(fix.rejected.isEmpty)
    }

    @Test("noise-free distance differences (TDoA against one anchor) give the position, inside and outside the anchors", arguments: [
        Vector3(x: 3, y: 1.2, z: 2), Vector3(x: 5, y: 1.2, z: 4), Vector3(x: -4, y: 1.2, z: 10), Vector3(x: 14, y: 1.2, z: -3),
    ])
    func differencesPlanar(tag: Vector3) throws {
        let solver = try PositionSolver(anchors: Site.room, geometry: .planar(height: Distance(metres: 1.2)))
        let fix = try solver.fix(Site.differences(Site.room, tag))
        #expect((fix.position.metres - tag).length < 1e-7, "\(fix.position)")
        #expect(fix.quality == .unverified || fix.rejected.isEmpty)
    }

    @Test("in 3-D, anchors at two heights fix height too, from distances and from differences")
    func spatial() throws {
        let tag = Vector3(x: 7, y: 1.1, z: 4)
        let solver = try PositionSolver(anchors: Site.hall, geometry: .spatial)
        let byDistance = try solver.fix(Site.hall.map { Site.distance($0, tag) })
        let byDifference = try solver.fix(Site.differences(Site.hall, tag))
        #expect((byDistance.position.metres - tag).length < 1e-7)
        #expect((byDifference.position.metres - tag).length < 1e-7)
        #expect(byDistance.covariance.count == 9 && byDistance.standardDeviations.count == 3)
    }

    @Test("a fix from as many measurements as unknowns is unverified; one more makes it checkable")
    func redundancy() throws {
        let tag = Vector3(x: 4, y: 1.2, z: 3)
        let solver = try PositionSolver(anchors: Site.room, geometry: .planar(height: Distance(metres: 1.2)))
        let anchors = [Site.room[0], Site.room[1], Site.room[3]]
        #expect(try solver.fix(Site.differences(anchors, tag)).quality == .unverified)
        guard case .consistent(let residual) = try solver.fix(Site.room.map { Site.distance($0, tag) }).quality else {
            Issue.record("four distances in 2-D leave two degrees of freedom")
            return
        }
        #expect(residual < 1e-10)
    }

    @Test("the covariance is the Cramér-Rao bound: for one anchor's distance along x and one along y, σ² on each axis")
    func covarianceOnAxes() throws {
        // Anchors far along x and y from a tag near the origin: the gradients are the axes, so
        // JᵀWJ is diag(1/σ²): the covariance is σ² on each axis and nothing across. A third
        // anchor, whose distance carries almost no weight, takes away the mirror image.
        let far = [Site.anchor("X", 1e6, 0, 0), Site.anchor("Y", 0, 0, 1e6), Site.anchor("Z", -1, 0, -1)]
        let solver = try PositionSolver(anchors: far, geometry: .planar(height: .zero))
        let tag = Vector3(x: 0.5, y: 0, z: 0.5)
        let fix = try solver.fix([
            Site.distance(far[0], tag, deviation: 0.1), Site.distance(far[1], tag, deviation: 0.2),
            Site.distance(far[2], tag, deviation: 1000),
        ])
        #expect(abs(fix.covariance[0] - 0.01) < 1e-6 && abs(fix.covariance[3] - 0.04) < 1e-6, "\(fix.covariance)")
        #expect(abs(fix.covariance[1]) < 1e-6)
    }

    @Test("residuals larger than the measurements' stated deviations scale the covariance by the normalised residual (the a-posteriori variance factor); smaller ones leave the bound")
    func varianceFactor() throws {
        let solver = try PositionSolver(anchors: Site.room, geometry: .planar(height: Distance(metres: 1.2)))
        let tag = Vector3(x: 3, y: 1.2, z: 2)
        // Errors of 8 cm against a stated 5 cm, alternating in sign: residuals larger than stated,
        // short of the consistency check's 99.9 % bound.
        let errors = [0.08, -0.08, 0.08, -0.08]
        let noisy = try solver.fix(zip(Site.room, errors).map { Site.distance($0, tag, deviation: 0.05, error: $1) })
        let exact = try solver.fix(Site.room.map { Site.distance($0, tag, deviation: 0.05) })
        guard case .consistent(let residual) = noisy.quality else {
            Issue.record("four distances in 2-D leave two degrees of freedom")
            return
        }
        #expect(residual > 1)
        #expect(noisy.quality.varianceFactor == residual)
        for (reported, bound) in zip(noisy.covariance, noisy.boundCovariance) {
            #expect(abs(reported - bound * residual) < 1e-12)
        }
        // The bound is the geometry's, whatever the errors: the exact fix's, within what moving the
        // fix by centimetres changes the gradients (a few per cent at 3 m).
        let scale = exact.boundCovariance.map(abs).max() ?? 0
        for (noisyBound, exactBound) in zip(noisy.boundCovariance, exact.boundCovariance) {
            #expect(abs(noisyBound - exactBound) < 0.05 * scale, "\(noisy.boundCovariance) against \(exact.boundCovariance)")
        }
        #expect(exact.covariance == exact.boundCovariance && exact.quality.varianceFactor == 1)
    }
}

/// The kind of a refusal, whatever its detail, for tests that check which refusal a call gives.
enum Refusal: Equatable {
    case invalidMeasurement, ambiguousGeometry, inconsistentMeasurements, other

    init(_ error: PositioningError?) {
        switch error {
        case .invalidMeasurement?: self = .invalidMeasurement
        case .ambiguousGeometry?: self = .ambiguousGeometry
        case .inconsistentMeasurements?: self = .inconsistentMeasurements
        default: self = .other
        }
    }
}
