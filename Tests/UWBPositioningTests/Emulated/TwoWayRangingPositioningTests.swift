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
}
