import Testing
import EmulatorHarness
import UWBCore
import UWBEmulator
import UWBPositioning

@Suite("UL-TDoA on emulated DW1000 radios: blinking tags, anchors in their reference's time, the server's fixes")
struct UplinkTDoATests {
    static func records(tags: [(x: Double, z: Double, ppm: Double)], seconds: Double) throws -> [PositionRecord] {
        let scenario = try PositioningHall.scenario(tags: tags, extra: ["positioning": ["method": "ul-tdoa"]])
        let positioning = try ScenarioPositioning(scenario: scenario)
        #expect(positioning.method == .uplinkTDoA)
        positioning.run(until: SimulationTime(seconds: seconds))
        return positioning.takeRecords()
    }

    @Test("static tags inside the hull: a fix per blink after the first period, p95 within 10 cm, honest covariances")
    func insideHull() throws {
        let records = try Self.records(tags: [(5, 5, -15), (12, 9, 9), (17, 3, 4), (3, 12, -6)], seconds: 3)
        var errors: [Double] = []
        for tag in ["T1", "T2", "T3", "T4"] {
            let ofTag = records.filter { $0.device == tag }
            // Blinks every 100 ms from about 10 ms; each fixed a period and 1 ms after its first report.
            #expect((28...30).contains(ofTag.count), "\(tag): \(ofTag.count) fixes")
            for record in ofTag {
                guard case .success(let fix) = record.result, let error = record.error else {
                    Issue.record("\(tag): no fix, \(record.result)")
                    continue
                }
                #expect(record.method == .uplinkTDoA)
                #expect(fix.used.count >= 6, "\(fix.used.count) anchors heard the blink")
                errors.append(error.metres)
            }
        }
        let sorted = errors.sorted()
        let p95 = sorted[Int((0.95 * Double(sorted.count)).rounded(.up)) - 1]
        #expect(p95 <= 0.10, "p95 \(p95)")
        #expect(ScenarioPositioningTests.insideTwoSigma(records) >= 0.9)
    }

    @Test("20 s, past every clock's 40-bit wrap: no fix more than 20 cm off")
    func acrossTheWrap() throws {
        let records = try Self.records(tags: [(7, 4, 18)], seconds: 20)
        #expect(records.count >= 190)
        let worst = records.compactMap { $0.error?.metres }.max() ?? .infinity
        #expect(worst < 0.2, "\(worst)")
    }
}
