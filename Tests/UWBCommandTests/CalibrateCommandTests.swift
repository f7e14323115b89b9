import Foundation
import Testing

@Suite("uwb calibrate antenna-delay")
struct CalibrateCommandTests {
    @Test("on the calibration room it finds the four hidden delays (70, −80, 90, −70 ticks), and a run with them corrected leaves the pairs' error under 1 cm")
    func calibrationRoom() throws {
        let run = try CommandRun(["calibrate", "antenna-delay", "--scenario", "Docs/scenarios/calibration-room.json", "--seconds", "4"])
        #expect(run.status == 0, "\(run.error)")
        let rows = run.output.split(separator: "\n").filter { $0.hasPrefix("| d") && !$0.hasPrefix("| device") }.map { line in
            line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
        }
        #expect(rows.map { $0[0] } == ["d0", "d1", "d2", "d3"])
        for row in rows {
            // Estimate and truth in ticks agree within 2 ticks (under 1 cm).
            let found = try #require(Int(row[1])), truth = try #require(Int(row[3]))
            #expect(abs(found - truth) <= 2, "\(row)")
        }
        let after = try #require(run.output.split(separator: "\n").last { $0.hasPrefix("Pairs' distance error") })
        #expect(after.contains("corrected by the estimate median 0."), "\(after)")
        let largest = try #require(after.split(separator: "largest ").last.flatMap { Double($0.prefix { $0 != " " }) })
        #expect(largest < 1, "after: \(after)")
    }

    @Test("two devices are refused, saying that three are needed")
    func twoDevices() throws {
        let run = try CommandRun(["calibrate", "antenna-delay", "--scenario", "Docs/scenarios/two-devices-3m.json", "--seconds", "3"])
        #expect(run.status != 0)
        #expect(run.error.contains("at least 3"), "\(run.error)")
    }
}
