import Testing
import UWBCore
import UWBRanging

@Suite("A calibration pair's distances, one per round")
struct PairRoundsTests {
    static func measurement(_ role: RangingRole, round: UInt16, metres: Double?) -> RangingMeasurement {
        RangingMeasurement(
            peer: 1, role: role, round: round, time: .milliseconds(100 * Int64(round)), distance: nil,
            rawDistance: metres.map { Distance(metres: $0) }, direction: nil, horizontalAngle: nil, rawDirection: nil,
            rawHorizontalAngle: nil, timestamps: nil, receivedLevel: nil, firstPathLevel: nil, nlosLikelihood: 0, figureOfMerit: 1)
    }

    @Test("both sides of a round are one sample, their mean; a round one side missed counts once; the last round heard from one side waits for the other")
    func sidesOfARound() {
        let responder = [(1, 4.00), (2, 4.02), (3, 4.04), (4, 4.06)].map { Self.measurement(.responder, round: $0, metres: $1) }
        // The initiator missed REPORT in round 2, and has not yet reported round 4.
        let initiator = [(1, 4.02), (3, 4.04)].map { Self.measurement(.initiator, round: $0, metres: $1) }
        let rounds = PairRounds(initiator, responder).distances.map(\.metres)
        #expect(rounds.count == 3)
        for (found, expected) in zip(rounds, [4.01, 4.02, 4.04]) {
            #expect(abs(found - expected) < 1e-12)
        }
        // Once round 4 is reported by the initiator too, it counts; the earlier rounds are the same.
        let later = PairRounds(initiator + [Self.measurement(.initiator, round: 4, metres: 4.08)], responder).distances.map(\.metres)
        #expect(later.count == 4)
        #expect(Array(later.prefix(3)) == rounds)
        #expect(abs(later[3] - 4.07) < 1e-12)
    }

    @Test("round numbers wrap at 2¹⁶; a round without a raw distance gives none")
    func wrapAndNoDistance() {
        let first = [(65_534, 2.0), (65_535, 2.2), (0, 2.4), (1, 2.6)].map { Self.measurement(.responder, round: UInt16($0), metres: $1) }
        let second = [(65_534, 2.0), (65_535, nil), (0, 2.4), (1, 2.6)].map { Self.measurement(.initiator, round: UInt16($0), metres: $1) }
        #expect(PairRounds(first, second).distances.map(\.metres) == [2.0, 2.2, 2.4, 2.6])
        let none = [Self.measurement(.responder, round: 7, metres: nil), Self.measurement(.responder, round: 8, metres: 1)]
        #expect(PairRounds(none, [Self.measurement(.initiator, round: 7, metres: nil)]).distances.isEmpty)
        #expect(PairRounds([], []).distances.isEmpty)
    }
}
