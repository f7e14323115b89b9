import EmulatorHarness
import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBRanging
import UWBTestSupport

/// `ScenarioRanging` on a world split into parts, each on a thread of its own (decision 0030): the
/// measurements, failures, skipped rounds and STS rejections are those of one part, in the same order.
@Suite("ScenarioRanging in parts")
struct EmulatedRangingPartsTests {
    /// What a run did, as far as a caller of ``ScenarioRanging`` can see.
    struct Outcome: Equatable {
        var records: [RangingRecord] = []
        var failures: [String] = []
        var skippedRounds = 0
        var rejections: [FrameRejection: Int] = [:]
    }

    /// Runs `ranging` for `seconds`, taking records and failures every second as `uwb range` does.
    static func outcome(of ranging: ScenarioRanging, seconds: Int) -> Outcome {
        var outcome = Outcome()
        for second in 1...seconds {
            ranging.run(until: SimulationTime(seconds: Double(second)))
            outcome.records += ranging.takeRecords()
            outcome.failures += ranging.takeFailures().map { "\($0.device): \($0.failure)" }
        }
        outcome.skippedRounds = ranging.skippedRounds
        outcome.rejections = ranging.secureTimestampRejections
        return outcome
    }

    /// Eight DW1000s in a line 1.5 m apart, but the last 300 m further on: out of its partner's reach,
    /// so that every round of the last pair fails.
    static func lineWithAStraggler() throws -> Scenario {
        try line("line", board: "ft232h-dw1000-single") { index in (Double(index) * 1.5 + (index == 7 ? 300 : 0), "") }
    }

    /// Eight devices `d0`…`d7` of `board` in a line, each at the distance along it and with the further
    /// keys (JSON text after a comma, or nothing) that `device` gives for its index.
    static func line(_ name: String, board: String, device: (Int) -> (x: Double, keys: String)) throws -> Scenario {
        let list = (0..<8).map { index in
            let (x, keys) = device(index)
            return "{\"name\": \"d\(index)\", \"board\": \"\(board)\", \"position\": [\(x), 0, 0]\(keys)}"
        }.joined(separator: ",")
        return try Scenario(
            jsonData: Data("{\"name\": \"\(name)\", \"devices\": [\(list)]}".utf8), boardSearchPaths: [Repository.boardsDirectory])
    }

    @Test("eight DW1000s in clusters of 2 at 40 Hz, one pair out of reach: the same measurements and failures, in the same order, in 1, 2, 3 and 4 parts")
    func clustersInParts() throws {
        let scenario = try Self.lineWithAStraggler()
        let one = Self.outcome(of: try ScenarioRanging(scenario: scenario, rate: 40, clusterSize: 2), seconds: 3)
        #expect(one.records.count > 300)
        #expect(one.failures.count >= 100)
        for parts in 2...4 {
            let ranging = try ScenarioRanging(scenario: scenario, rate: 40, clusterSize: 2, parts: parts)
            #expect(ranging.emulation.partCount == parts)
            #expect(Set(ranging.emulation.devices.map(\.part)).count == parts)
            let split = Self.outcome(of: ranging, seconds: 3)
            #expect(split.records == one.records, "\(parts) parts")
            #expect(split.failures == one.failures, "\(parts) parts")
            #expect(split.skippedRounds == one.skippedRounds, "\(parts) parts")
        }
    }

    /// Eight DWM3000s in a line 1.5 m apart, ranging in pairs fitted in turn for channels 5 and 9.
    static func pairsOnTwoChannels() throws -> Scenario {
        try line("two channels", board: "ft232h-dwm3000-single") { index in
            (Double(index) * 1.5, ", \"radio\": {\"channel\": \((index / 2).isMultiple(of: 2) ? 5 : 9)}")
        }
    }

    @Test("pairs fitted in turn for channels 5 and 9: the same measurements in order in 1 and 2 parts, the two parts sending each other nothing")
    func pairsOnTwoChannelsInParts() throws {
        let scenario = try Self.pairsOnTwoChannels()
        let one = Self.outcome(of: try ScenarioRanging(scenario: scenario, rate: 40, clusterSize: 2), seconds: 2)
        #expect(one.records.count > 300)
        let ranging = try ScenarioRanging(scenario: scenario, rate: 40, clusterSize: 2, parts: 2)
        #expect(ranging.emulation.devices.map(\.part) == [0, 0, 1, 1, 0, 0, 1, 1])
        let split = Self.outcome(of: ranging, seconds: 2)
        #expect(split == one)
        #expect(ranging.emulation.partFigures.map(\.crossings) == [0, 0])
    }

    @Test("a cluster whose devices have different radios is refused, naming two of them")
    func clusterRadios() throws {
        #expect(throws: ScenarioRangingError.clusterRadios(device: "d2", initiator: "d0")) {
            try ScenarioRanging(scenario: try Self.pairsOnTwoChannels(), rate: 10, clusterSize: 4)
        }
        #expect(ScenarioRangingError.clusterRadios(device: "d2", initiator: "d0").description.contains("same radio"))
    }

    @Test("a cluster's devices share a part: clusters of 3 over 9 devices in 2 parts")
    func clustersStayTogether() throws {
        let ranging = try ScenarioRanging(
            scenario: EmulatedRangingTests.scenario(devices: 9), rate: 10, clusterSize: 3, parts: 2)
        let parts = ranging.emulation.devices.map(\.part)
        for first in stride(from: 0, to: 9, by: 3) {
            #expect(Set(parts[first..<first + 3]).count == 1, "\(parts)")
        }
        #expect(ScenarioRanging.maximumParts(devices: 9, clusterSize: 3) == 3)
        #expect(ScenarioRanging.maximumParts(devices: 9, clusterSize: nil) == 1)
    }

    @Test("with an STS, a weak pair's rejected frames are counted the same in 1 and 2 parts")
    func secureTimestampRejectionsInParts() throws {
        // A DWM3000 pair 4 m apart and another 32 m apart, 50 m away: the far pair's STS is too weak.
        let json = """
            {"name": "two pairs", "devices": [
              {"name": "a", "board": "ft232h-dwm3000-single", "position": [0, 0, 0]},
              {"name": "b", "board": "ft232h-dwm3000-single", "position": [4, 0, 0]},
              {"name": "c", "board": "ft232h-dwm3000-single", "position": [0, 0, 50]},
              {"name": "d", "board": "ft232h-dwm3000-single", "position": [32, 0, 50]}]}
            """
        let scenario = try Scenario(jsonData: Data(json.utf8), boardSearchPaths: [Repository.boardsDirectory])
        let sts = try EmulatedRangingSecureTimestampTests.sts()
        let one = Self.outcome(of: try ScenarioRanging(scenario: scenario, rate: 10, clusterSize: 2, secureTimestamps: sts), seconds: 2)
        #expect((one.rejections[.secureTimestampQualityLow] ?? 0) >= 10, "\(one.rejections)")
        #expect(!one.records.isEmpty)
        let two = Self.outcome(
            of: try ScenarioRanging(scenario: scenario, rate: 10, clusterSize: 2, secureTimestamps: sts, parts: 2), seconds: 2)
        #expect(two == one)
    }

    @Test("no parts, or more parts than clusters, is refused with the most there can be")
    func badPartCounts() throws {
        let scenario = try EmulatedRangingTests.scenario(devices: 6)
        #expect(throws: ScenarioRangingError.emulation(.partCount(0))) {
            try ScenarioRanging(scenario: scenario, rate: 10, clusterSize: 2, parts: 0)
        }
        #expect(throws: ScenarioRangingError.emulation(.partsBeyondDevices(parts: 4, devices: 3))) {
            try ScenarioRanging(scenario: scenario, rate: 10, clusterSize: 2, parts: 4)
        }
        #expect(throws: ScenarioRangingError.emulation(.partsBeyondDevices(parts: 2, devices: 1))) {
            try ScenarioRanging(scenario: scenario, rate: 10, parts: 2)
        }
    }
}
