import Testing
import UWBCore
import UWBPositioning

@Suite("Position solver: one late pseudorange among many that agree on the whole")
struct SolverOutlierTests {
    /// Two rounds' pseudoranges of a tag at `tag` (2.2 m up) from anchors 10 m up, σ 20 cm, exact
    /// but for `bias` metres added to `anchors[late]`'s (a late, NLOS reception); each round has
    /// its own clock offset.
    static func rounds(_ rounds: [[Anchor]], tag: Vector3, late: String, bias: Double) -> [PositionMeasurement] {
        rounds.enumerated().flatMap { round, anchors in
            anchors.map { anchor in
                let value = (tag - anchor.position.metres).length + Double(round + 1) * 3.7 + (anchor.name == late ? bias : 0)
                return PositionMeasurement.pseudorange(
                    anchor: anchor.name, clock: "round \(round)", Distance(metres: value), standardDeviation: Distance(metres: 0.2))
            }
        }
    }

    static let geometry = SolverGeometry.planar(height: Distance(metres: 2.2))

    /// Twelve anchors over a 40 m × 30 m floor, in two rounds of six.
    static let floor = [
        [Site.anchor("A1", 0, 10, 0), Site.anchor("A2", 20, 10, 0), Site.anchor("A3", 40, 10, 0),
         Site.anchor("A4", 0, 10, 20), Site.anchor("A5", 20, 10, 20), Site.anchor("A6", 40, 10, 20)],
        [Site.anchor("B1", 10, 10, 10), Site.anchor("B2", 30, 10, 10), Site.anchor("B3", 10, 10, -5),
         Site.anchor("B4", 30, 10, 25), Site.anchor("B5", 0, 10, 10), Site.anchor("B6", 40, 10, 10)],
    ]

    /// At the tag (12, 8), A1's pseudorange has a redundancy number of 0.58 (the share of an error
    /// its own residual keeps, the rest moving the fix): a lateness b gives it a standardised
    /// residual w = b·√0.58 / 0.2 m ≈ 3.8·b and the sum of squared normalised residuals w², so
    /// 1.1 m gives w ≈ 4.2, past the 3.09 of data snooping (one-sided: late), while the chi-square test of the whole
    /// (8 degrees of freedom, 26.1 at 99.9 %) passes w² ≈ 17.4. Left in, it would move the fix 26 cm.
    @Test("a pseudorange 1.1 m late among twelve passes the chi-square test of the whole but not its own (data snooping): left out, the fix exact; 0.6 m late (w ≈ 2.3) it is kept; 1.1 m early (w ≈ −4.2), which no blocked path makes, it is kept too")
    func snooping() throws {
        let tag = Vector3(x: 12, y: 2.2, z: 8)
        let solver = try PositionSolver(anchors: Self.floor.flatMap { $0 }, geometry: Self.geometry)
        let measurements = Self.rounds(Self.floor, tag: tag, late: "A1", bias: 1.1)
        let fix = try solver.fix(measurements)
        #expect(fix.rejected.map(\.anchors) == [["A1"]])
        #expect((fix.position.metres - tag).length < 1e-6, "\(fix.position)")
        #expect(fix.used.count == 11)

        let kept = try solver.fix(Self.rounds(Self.floor, tag: tag, late: "A1", bias: 0.6))
        #expect(kept.rejected.isEmpty)
        let error = (kept.position.metres - tag).length
        #expect(error > 0.1 && error < 0.2, "0.6 m late moves the fix by 0.6 · 0.235 m: \(error) m")

        let early = try solver.fix(Self.rounds(Self.floor, tag: tag, late: "A1", bias: -1.1))
        #expect(early.rejected.isEmpty)
    }

    /// Seven anchors in two rounds, the tag (16, 6) near A2's round's edge: A2 at (20, 20) has a
    /// redundancy number of 0.03, so 1.6 m of lateness leaves it a standardised residual of only
    /// 1.4 and moves the fix 1.4 m, with the residuals all small: nothing in the measurements
    /// shows it. A track that expects the tag where it is (5 cm) does.
    static let edge = [
        [Site.anchor("A1", 0, 10, 10), Site.anchor("A2", 20, 10, 20), Site.anchor("A3", 10, 10, 0), Site.anchor("A4", 0, 10, 20)],
        [Site.anchor("B1", 40, 10, 20), Site.anchor("B2", 40, 10, 10), Site.anchor("B3", 30, 10, 10)],
    ]

    static func prior(at point: Vector3, deviation: Double) -> PositionPrior {
        PositionPrior(position: Position(metres: point), covariance: [deviation * deviation, 0, 0, deviation * deviation])
    }

    @Test("a late pseudorange the others absorb: without a prior the fix is 1.4 m off and consistent; with the track's prediction it is left out and the fix is exact; a prior 3 m off, which no one measurement explains, changes nothing")
    func prior() throws {
        let tag = Vector3(x: 16, y: 2.2, z: 6)
        let solver = try PositionSolver(anchors: Self.edge.flatMap { $0 }, geometry: Self.geometry)
        let measurements = Self.rounds(Self.edge, tag: tag, late: "A2", bias: 1.6)

        let alone = try solver.fix(measurements)
        #expect(alone.rejected.isEmpty)
        let error = (alone.position.metres - tag).length
        #expect(error > 1.2 && error < 1.6, "\(error) m")
        guard case .consistent(let residual) = alone.quality else {
            Issue.record("a fix with three degrees of freedom is checked")
            return
        }
        #expect(residual < 1)

        let tracked = try solver.fix(measurements, prior: Self.prior(at: tag, deviation: 0.05))
        #expect(tracked.rejected.map(\.anchors) == [["A2"]])
        #expect((tracked.position.metres - tag).length < 1e-6, "\(tracked.position)")

        let wrong = try solver.fix(measurements, prior: Self.prior(at: tag + Vector3(x: 3, y: 0, z: 0), deviation: 0.05))
        #expect(wrong == alone)

        let agreeing = try solver.fix(measurements, prior: Self.prior(at: alone.position.metres, deviation: 0.05))
        #expect(agreeing == alone)
    }
}
