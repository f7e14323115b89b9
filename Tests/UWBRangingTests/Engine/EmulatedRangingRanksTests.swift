import EmulatorHarness
import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBRanging
import UWBTestSupport

/// Ranging and positioning on a world split over ranks that reach each other by messages alone (decision
/// 0030; `mpirun` in the command tests): every round answers within microseconds across the ranks'
/// boundary, so a promise one lookahead too long would let a rank run past a frame's start, and stop the
/// run. The measurements, merged in one process's order (`PartOrder`), are one process's.
@Suite("Ranging and positioning over ranks")
struct EmulatedRangingRanksTests {
    /// One rank's records and failures, second by second.
    struct RankSeconds: Sendable {
        var records: [[RangingRecord]] = []
        var failures: [[String]] = []
        var skipped = 0
    }

    @Test("eight DW1000s in pairs, one out of reach: the same measurements in order, failures and skipped rounds over 2 and 3 ranks", arguments: [2, 3])
    func pairsOverRanks(ranks: Int) throws {
        let scenario = try EmulatedRangingPartsTests.lineWithAStraggler()
        let one = EmulatedRangingPartsTests.outcome(of: try ScenarioRanging(scenario: scenario, rate: 40, clusterSize: 2), seconds: 3)
        #expect(one.records.count > 300)
        #expect(one.failures.count >= 100)
        for delivery in ThreadMailboxes.Delivery.allCases {
            let seconds = try ThreadMailboxes.run(ranks: ranks, delivery: delivery) { _, messenger in
                let ranging = try ScenarioRanging(scenario: scenario, rate: 40, clusterSize: 2, parts: ranks)
                var mine = RankSeconds()
                for second in 1...3 {
                    try ranging.run(until: SimulationTime(seconds: Double(second)), rankOf: messenger)
                    mine.records.append(ranging.takeRecords())
                    mine.failures.append(ranging.takeFailures().map { "\($0.device): \($0.failure)" })
                }
                mine.skipped = ranging.skippedRounds
                return mine
            }
            let records = (0..<3).flatMap { second in
                PartOrder.merged(seconds.map { $0.records[second] }, time: \.time, device: \.observer)
            }
            #expect(records == one.records, "\(ranks) ranks, \(delivery)")
            #expect(seconds.flatMap { $0.failures.flatMap { $0 } }.sorted() == one.failures.sorted(), "\(ranks) ranks, \(delivery)")
            #expect(seconds.map(\.skipped).reduce(0, +) == one.skippedRounds)
        }
    }

    @Test("DL-TDoA in an office over 2 ranks, frames landing as late as the promises allow: the same fixes in order")
    func downlinkOverRanks() throws {
        let scenario = try Scenario.load(
            from: Repository.path("Docs/scenarios/office-dl-tdoa.json"), boardSearchPaths: [Repository.boardsDirectory])
        let whole = try ScenarioPositioning(scenario: scenario, parts: 1)
        whole.run(until: SimulationTime(seconds: 3))
        let one = whole.takeRecords()
        #expect(one.count > 20)
        let ranks = try ThreadMailboxes.run(ranks: 2, delivery: .late) { _, messenger in
            let positioning = try ScenarioPositioning(scenario: scenario, parts: 2)
            try positioning.run(until: SimulationTime(seconds: 3), rankOf: messenger)
            return positioning.takeRecords()
        }
        #expect(PartOrder.merged(ranks, time: \.time, device: \.device) == one)
    }

    /// Every rank sets up every session (tokens are swapped in process, alike on every rank) and runs
    /// its own devices': a tag's sessions with anchors on another rank speak only over the air.
    @Test("two-way ranging positioning over 2 and 3 ranks, frames landing as late as the promises allow: the same fixes in order", arguments: [2, 3])
    func twoWayRangingOverRanks(ranks: Int) throws {
        let scenario = try PositioningHall.scenario(tags: [(5, 5, -15), (14, 9, 9), (8, 11, 4)], extra: ["positioning": ["method": "twr"]])
        let whole = try ScenarioPositioning(scenario: scenario, parts: 1)
        whole.run(until: SimulationTime(seconds: 2))
        let one = whole.takeRecords()
        #expect(one.count >= 45)
        let split = try ThreadMailboxes.run(ranks: ranks, delivery: .late) { _, messenger in
            let positioning = try ScenarioPositioning(scenario: scenario, parts: ranks)
            try positioning.run(until: SimulationTime(seconds: 2), rankOf: messenger)
            return positioning.takeRecords()
        }
        // The devices' parts, of a world that is gone once they are read (a device keeps its part's index).
        let parts = try ScenarioPositioning(scenario: scenario, parts: ranks).emulation.devices
        let tagParts = Set(parts.filter { $0.name.hasPrefix("T") }.map(\.part))
        #expect(parts.contains { !$0.name.hasPrefix("T") && !tagParts.contains($0.part) }, "no anchor on a rank of its own: no session crossed ranks")
        #expect(PartOrder.merged(split, time: \.time, device: \.device) == one)
    }
}
