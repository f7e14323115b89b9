import Foundation
import Testing
import UWBTestSupport

/// `uwb cir detect` run as users run it: on real DW1000 frames (the Kolakowski data set's, attributed in
/// `Tests/UWBPlotTests/Fixtures/README.md`), on `uwb cir` output, and on logs that are cut short or not
/// logs at all.
@Suite("uwb cir detect", .serialized)
struct CirDetectCommandTests {
    static let realFrames = Repository.path("Tests/UWBPlotTests/Fixtures/kolakowski2018-frames.log")

    /// A file with `text` in a fresh directory, removed by the caller.
    static func file(_ text: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uwb-cir-detect-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent("log")
        try Data(text.utf8).write(to: url)
        return url
    }

    @Test("real frames: a line per frame with the chip's values beside, and a summary")
    func realFramesTable() throws {
        let run = try CommandRun(["cir", "detect", Self.realFrames])
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.count == 1 + 7 + 4)
        #expect(lines[1].hasPrefix("      4     274"))
        #expect(lines.contains("7 frames"))
        #expect(lines.contains { $0.hasPrefix("first path against the chip's: median |Δ| 0.0") && $0.hasSuffix("within 1 tap in 100.0 % of 7 frames") })
        #expect(lines.contains { $0.hasPrefix("FP level against the chip's") && $0.hasSuffix("within 1 dB in 100.0 % of 7 frames") })
    }

    @Test("JSON lines: one object per frame, null where the log has no value")
    func realFramesJSON() throws {
        let run = try CommandRun(["cir", "detect", Self.realFrames, "--format", "json"])
        #expect(run.status == 0, "\(run.error)")
        let objects = try run.output.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
        try #require(objects.count == 7)
        #expect(objects[0]["line"] as? Int == 4)
        #expect(objects[0]["chip_first_path"] as? Double == 745.3125)
        let difference = try #require(objects[0]["first_path_difference"] as? Double)
        #expect(abs(difference) < 0.25)
        // The last frame's RX level was logged as -001.#INF.
        #expect(objects[6]["chip_rx_level_dbm"] is NSNull)
        #expect(objects[6]["rx_level_difference_db"] is NSNull)
        let csv = try CommandRun(["cir", "detect", Self.realFrames, "--format", "csv"])
        #expect(csv.output.split(separator: "\n").first == "line,symbols,noise,threshold,chip_threshold,first_path,chip_first_path,first_path_difference,rx_level_dbm,chip_rx_level_dbm,rx_level_difference_db,fp_level_dbm,chip_fp_level_dbm,fp_level_difference_db")
    }

    @Test("a log cut short: the frames before it printed, the line it ends on named, status 1")
    func truncated() throws {
        let text = try String(contentsOfFile: Self.realFrames, encoding: .isoLatin1)
        let lines = text.components(separatedBy: "\r\n")
        let url = try Self.file(lines.prefix(2043 + 500).joined(separator: "\r\n"))
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let run = try CommandRun(["cir", "detect", url.path])
        #expect(run.status == 1)
        #expect(run.output.contains("2 frames"))
        #expect(run.error.contains("\(url.path): line 2544: the accumulator of line 2042 ends after 500 of the 1016 samples `Accum Len` states: the log is cut short"))
        #expect(run.error.contains("Error: \(url.path): 1 problem (above); every frame that could be read is reported"))
    }

    @Test("uwb cir output: detected again, the chip's own index beside; a part of an accumulator or not a log refused with a message")
    func cirOutputAndRefusals() throws {
        let cir = try CommandRun(["cir", "--scenario", "Docs/scenarios/apartment-wall.json", "--format", "json"])
        #expect(cir.status == 0, "\(cir.error)")
        let url = try Self.file(cir.output)
        defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
        let run = try CommandRun(["cir", "detect", url.path, "--format", "json"])
        #expect(run.status == 0, "\(run.error)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        // The virtual chip ran the same detection; its index also carries its scatter within a tap (0.074 taps).
        let difference = try #require(object["first_path_difference"] as? Double)
        #expect(abs(difference) < 0.4, "\(difference)")

        let around = try CommandRun(["cir", "--scenario", "Docs/scenarios/apartment-wall.json", "--format", "json", "--around", "5"])
        let part = try Self.file(around.output)
        defer { try? FileManager.default.removeItem(at: part.deletingLastPathComponent()) }
        let refused = try CommandRun(["cir", "detect", part.path])
        #expect(refused.status == 1)
        #expect(refused.error.contains("give the whole accumulator, not the taps around the first path"))

        let notALog = try Self.file("hello\n")
        defer { try? FileManager.default.removeItem(at: notALog.deletingLastPathComponent()) }
        let unknown = try CommandRun(["cir", "detect", notALog.path])
        #expect(unknown.status == 1)
        #expect(unknown.error.contains("line 1: `hello` opens neither a DecaRanging log"))
        let settings = try CommandRun(["cir", "detect", Self.realFrames, "--ntm", "40"])
        #expect(settings.status == 64)
        #expect(settings.error.contains("--ntm 40: LDE_CFG1's NTM field holds 0 to 31"))
    }
}
