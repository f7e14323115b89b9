import EmulatorHarness
import Foundation
import Testing
import UWBCore
import UWBEmulator
import UWBRanging
import UWBTestSupport

/// `ScenarioRanging` with an STS: every radio sends and checks it, and every time of arrival goes
/// through ``SecureTimestampCheck`` as in a session; a frame whose STS fails is dropped and counted.
@Suite("ScenarioRanging with an STS")
struct EmulatedRangingSecureTimestampTests {
    /// A fixed STS of the shape sessions use.
    static func sts() throws -> SecureTimestampConfiguration {
        .ranging(
            key: try SecureTimestampSecret(octets: Array(0..<16), field: "key"),
            initializationVector: try SecureTimestampSecret(octets: Array(16..<32), field: "IV"))
    }

    /// Two devices on `board` `metres` apart along x, free space, channel 5.
    static func pair(metres: Double, board: String = "ft232h-dwm3000-single") throws -> Scenario {
        let json = """
            {"name": "pair", "devices": [
              {"name": "a", "board": "\(board)", "position": [0, 0, 0]},
              {"name": "b", "board": "\(board)", "position": [\(metres), 0, 0]}]}
            """
        return try Scenario(jsonData: Data(json.utf8), boardSearchPaths: [Repository.boardsDirectory])
    }

    @Test("two DWM3000s 4 m apart range with the STS: 10 rounds a side in 1 s within 15 cm, no frame dropped, no quality flag")
    func pairRanges() throws {
        let sts = try Self.sts()
        let ranging = try ScenarioRanging(scenario: Self.pair(metres: 4), rate: 10, secureTimestamps: sts)
        #expect(ranging.configuration.secureTimestamps == sts)
        ranging.run(until: SimulationTime(seconds: 1))
        #expect(ranging.failures.isEmpty)
        #expect(ranging.secureTimestampRejections.isEmpty, "\(ranging.secureTimestampRejections)")
        #expect(ranging.records.count == 20)
        for record in ranging.records {
            let truth = try #require(record.truth)
            let measured = try #require(record.measurement.rawDistance)
            #expect(abs(measured.metres - truth.distance.metres) < 0.15, "\(record.observer)>\(record.peer)")
            #expect(record.measurement.qualityFlags.isEmpty, "\(record.measurement.qualityFlags)")
        }
    }

    /// Free space at 32 m on channel 5: −14.3 − 48.69 − 30.10 = −93.1 dBm, and the STS accumulator's first
    /// path about as strong (one path): its quality share is (−93.1 + 99)/12 = 0.49 of the 64 symbols, under
    /// the 60 % a good STS needs, while the preamble is still heard (6.8 Mbps sensitivity −93 dBm).
    @Test("at 32 m on channel 5 the 64-symbol STS correlates too weakly: the check drops every frame for low quality and no round completes")
    func weakSTSIsDropped() throws {
        let ranging = try ScenarioRanging(scenario: Self.pair(metres: 32), rate: 10, secureTimestamps: Self.sts())
        ranging.run(until: SimulationTime(seconds: 1))
        #expect(ranging.records.isEmpty)
        #expect((ranging.secureTimestampRejections[.secureTimestampQualityLow] ?? 0) >= 10, "\(ranging.secureTimestampRejections)")
        #expect(ranging.secureTimestampRejections.keys.allSatisfy { $0 == .secureTimestampQualityLow })
    }

    @Test("an STS between DW1000 boards is refused, naming the device")
    func dw1000Refused() throws {
        #expect(throws: ScenarioRangingError.secureTimestampsUnsupported(device: "a")) {
            try ScenarioRanging(scenario: Self.pair(metres: 4, board: "ft232h-dw1000-single"), rate: 10, secureTimestamps: Self.sts())
        }
    }
}
