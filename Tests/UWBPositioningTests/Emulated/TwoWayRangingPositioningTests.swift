import Testing
import EmulatorHarness
import UWBCore
import UWBEmulator
import UWBPositioning

@Suite("Positioning by two-way ranging: every tag's NearbyInteraction sessions with every anchor, fixed from their distances")
struct TwoWayRangingPositioningTests {
    @Test("two tags and eight anchors: a fix per ranging cycle, p95 within 5 cm, honest covariances")
    func hall() throws {
        let scenario = try PositioningHall.scenario(tags: [(5, 5, -15), (14, 9, 9)], extra: ["positioning": ["method": "twr"]])
        let positioning = try ScenarioPositioning(scenario: scenario)
        positioning.run(until: SimulationTime(seconds: 3))
        let records = positioning.takeRecords()
        var errors: [Double] = []
        for tag in ["T1", "T2"] {
            let ofTag = records.filter { $0.device == tag }
            // Sessions start once tokens are swapped and range every 100 ms: close to 30 cycles in 3 s.
            #expect(ofTag.count >= 25, "\(tag): \(ofTag.count) fixes")
            for record in ofTag {
                guard case .success(let fix) = record.result, let error = record.error else {
                    Issue.record("\(tag): no fix, \(record.result)")
                    continue
                }
                #expect(record.method == .twoWayRanging)
                // Distances to all eight anchors, or to those measured since the last fix.
                #expect(fix.used.allSatisfy { if case .distance = $0 { true } else { false } })
                errors.append(error.metres)
            }
        }
        let sorted = errors.sorted()
        let p95 = sorted[Int((0.95 * Double(sorted.count)).rounded(.up)) - 1]
        #expect(p95 <= 0.05, "p95 \(p95)")
        #expect(ScenarioPositioningTests.insideTwoSigma(records) >= 0.85)
    }

    /// The sessions of tags and anchors in different parts speak only over the air, the delegates of
    /// two parts' threads share one queue, and the mesh hands their reports over in one part's order.
    @Test("three tags and eight anchors in 1, 2, 3 and 5 parts: the same fixes in the same order")
    func parts() throws {
        let scenario = try PositioningHall.scenario(tags: [(5, 5, -15), (14, 9, 9), (8, 11, 4)], extra: ["positioning": ["method": "twr"]])
        func fixes(parts: Int) throws -> [PositionRecord] {
            let positioning = try ScenarioPositioning(scenario: scenario, parts: parts)
            #expect(positioning.emulation.partCount == parts)
            var records: [PositionRecord] = []
            for second in 1...2 {
                positioning.run(until: SimulationTime(seconds: Double(second)))
                records += positioning.takeRecords()
            }
            return records
        }
        let whole = try fixes(parts: 1)
        #expect(whole.count >= 45, "\(whole.count) fixes")
        for parts in [2, 3, 5] {
            #expect(try fixes(parts: parts) == whole, "\(parts) parts")
        }
    }
}
