import EmulatorHarness
import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBTestSupport

@Suite("ScenarioRanging: a scenario's devices range with each other")
struct EmulatedRangingTests {
    static func scenario(devices: Int, spacing: Double = 4) throws -> Scenario {
        let list = (0..<devices).map { index in
            "{\"name\": \"d\(index)\", \"board\": \"ft232h-dw1000-single\", \"position\": [\(Double(index) * spacing), 0, 0]}"
        }.joined(separator: ",")
        let json = "{\"name\": \"line\", \"devices\": [\(list)]}"
        return try Scenario(jsonData: Data(json.utf8), boardSearchPaths: [Repository.boardsDirectory])
    }

    @Test("the first device ranges with each other device in turn; both sides measure every round")
    func rotation() throws {
        let ranging = try ScenarioRanging(scenario: Self.scenario(devices: 3), rate: 10)
        ranging.run(until: SimulationTime(seconds: 1))
        #expect(ranging.failures.isEmpty)
        #expect(ranging.skippedRounds == 0)
        let pairs = Dictionary(grouping: ranging.records) { "\($0.observer)>\($0.peer)" }.mapValues(\.count)
        // 10 rounds per peer in 1 s (the first at 10 ms), each measured by both sides.
        #expect(pairs == ["d0>d1": 10, "d1>d0": 10, "d0>d2": 10, "d2>d0": 10])
        for record in ranging.records {
            let truth = try #require(record.truth)
            let measured = try #require(record.measurement.rawDistance)
            #expect(abs(measured.metres - truth.distance.metres) < 0.15, "\(record.observer)>\(record.peer)")
        }
    }

    @Test("bad set-ups are refused with a reason")
    func refusals() throws {
        #expect(throws: ScenarioRangingError.invalidRate(0)) { try ScenarioRanging(scenario: Self.scenario(devices: 2), rate: 0) }
        #expect(throws: ScenarioRangingError.notEnoughDevices(1)) { try ScenarioRanging(scenario: Self.scenario(devices: 1), rate: 10) }
        let error = #expect(throws: ScenarioRangingError.self) { try ScenarioRanging(scenario: Self.scenario(devices: 3), rate: 5000) }
        #expect(error?.description.contains("at most") == true)
    }
}
