import Foundation
import UWBPlot
import UWBTestSupport

/// Inputs the tests plot.
enum Fixtures {
    /// `count` lines of `uwb range --format jsonl` output for the pair `from` → `to`, the measured
    /// distance 2 + 0.01·i m and the truth 2 m at t = 0.1·i s.
    static func rangeLines(from: String = "alice", to: String = "bob", count: Int, start: Int = 0) -> [String] {
        (start..<(start + count)).map { index in
            let measured = 2 + 0.01 * Double(index)
            return "{\"t\":\(String(format: "%.6f", 0.1 * Double(index))),\"from\":\(json(from)),\"to\":\(json(to)),"
                + "\"distance_m\":\(String(format: "%.4f", measured)),\"raw_distance_m\":null,\"direction\":null,"
                + "\"horizontal_angle_rad\":null,\"nlos\":0.000,\"fom\":1.000,\"true_distance_m\":2.0000,"
                + "\"true_direction\":[0.0000,0.0000,-1.0000]}"
        }
    }

    /// One line of `uwb demo --format jsonl` output.
    static let demoLine = "{\"t\":3.250000,\"device\":\"alice\",\"peer\":\"bob\",\"state\":\"ranging\",\"reason\":null,"
        + "\"distance\":2.4145,\"direction\":[0.5000,0.0000,-0.8660],\"horizontal_angle\":0.52360,\"true_distance\":2.4000}"

    /// The PDoA samples fixture: a three-chip phone, chip 1 with a 0.4 rad offset, chip 2 with −0.3 rad.
    static let pdoaSamplesPath = Repository.path("Tests/UWBPlotTests/Fixtures/pdoa-samples.jsonl")

    /// Seven frames real DW1000s logged, cut from the Kolakowski data set (CC BY 4.0; attribution in
    /// `Tests/UWBPlotTests/Fixtures/README.md`): two line-of-sight, two NLOS, three with no direct path.
    static let realFramesPath = Repository.path("Tests/UWBPlotTests/Fixtures/kolakowski2018-frames.log")

    /// `text` as a JSON string literal (quotes and backslashes escaped).
    static func json(_ text: String) -> String {
        let escaped = text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
        return "\"\(escaped)\""
    }

    /// `text` parsed as a file named `name`.
    static func input(_ text: String, name: String = "run.jsonl") throws(PlotError) -> PlotInput {
        try PlotInput.parse(Data(text.utf8), path: name, boardSearchPaths: [Repository.boardsDirectory])
    }
}
