import Foundation
import Testing
import UWBEmulator
import UWBTestSupport

/// `uwb cir` run as users run it: on shipped scenarios, where the emulator knows where the paths
/// arrive, and on a device of `uwb emulator serve`, as on a board; every bad input gets a message
/// saying what to change. Everything runs on virtual time.
@Suite("uwb cir", .serialized)
struct CirCommandTests {
    static let freeSpace = "Docs/scenarios/two-devices-3m.json"
    static let wall = "Docs/scenarios/office-wall.json"
    static let concreteWall = "Docs/scenarios/apartment-wall.json"
    static let fridge = "Docs/scenarios/apartment-fridge.json"

    /// The JSON object `uwb cir --format json` printed, after checking that it is one line.
    static func document(_ run: CommandRun) throws -> [String: Any] {
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n")
        try #require(lines.count == 1, "\(lines.count) lines")
        return try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
    }

    /// A number of the document.
    static func number(_ document: [String: Any], _ key: String) throws -> Double {
        try #require(document[key] as? Double, "\(key): \(String(describing: document[key]))")
    }

    /// The magnitudes of the document's samples.
    static func magnitudes(_ document: [String: Any]) throws -> [Double] {
        let samples = try #require(document["samples"] as? [[Double]])
        return samples.map { ($0[0] * $0[0] + $0[1] * $0[1]).squareRoot() }
    }

    /// The accumulator index of the document's strongest sample.
    static func peak(_ document: [String: Any]) throws -> Double {
        let magnitudes = try magnitudes(document)
        let offset = try #require(magnitudes.indices.max { magnitudes[$0] < magnitudes[$1] })
        return try number(document, "first_sample_index") + Double(offset)
    }

    @Test("free space: the whole accumulator, the first path detected where the straight line lands less the detection's lead, the peak just after")
    func freeSpace() throws {
        let document = try Self.document(try CommandRun(["cir", "--scenario", Self.freeSpace, "--format", "json"]))
        #expect(document["kind"] as? String == "uwb-cir")
        #expect(document["device"] as? String == "bob" && document["chip"] as? Int == 0 && document["accumulator"] as? String == "ipatov")
        // A DW1000 at 64 MHz PRF: 1016 taps, 64 ticks apart.
        #expect((document["samples"] as? [Any])?.count == 1016 && document["accumulator_length"] as? Int == 1016)
        #expect(abs(try Self.number(document, "tap_spacing_ns") - 64 / 63.8976) < 1e-6)
        let firstPath = try Self.number(document, "first_path_index")
        let straightLine = try Self.number(document, "straight_line_index")
        // Nothing is in the way: the direct path arrives along the straight line.
        #expect(abs(try Self.number(document, "true_first_path_index") - straightLine) < 1e-6)
        // The detection puts a clean path's edge PreambleAccumulator.referenceLead taps (about −1.4) from its arrival.
        #expect(PreambleAccumulator.referenceLead < -1 && PreambleAccumulator.referenceLead > -2)
        #expect(abs(firstPath - (straightLine + PreambleAccumulator.referenceLead)) < 0.2, "first path \(firstPath), straight line \(straightLine)")
        let peak = try Self.peak(document)
        #expect(peak > firstPath && peak < firstPath + 4, "peak \(peak), first path \(firstPath)")
        // The threshold the detection used lies above the noise and below the peak.
        let magnitudes = try Self.magnitudes(document)
        let threshold = try Self.number(document, "threshold")
        let noise = try Self.number(document, "noise")
        #expect(threshold > noise && threshold < magnitudes.max() ?? 0)
        #expect((document["preamble_symbols"] as? Int ?? 0) > 0)
    }

    @Test("behind a concrete wall the direct path lands (√εr − 1)·thickness later than the straight line; a wall given by its loss alone delays nothing")
    func behindWall() throws {
        let concrete = try Self.document(try CommandRun(["cir", "--scenario", Self.concreteWall, "--format", "json"]))
        #expect(concrete["device"] as? String == "tag")
        let straightLine = try Self.number(concrete, "straight_line_index")
        let direct = try Self.number(concrete, "true_first_path_index")
        // 5 cm of concrete, ε′ 5.24 (ITU-R P.2040): (√5.24 − 1) · 0.05 m / c, in taps of 64 ticks.
        let expected = (5.24.squareRoot() - 1) * 0.05 / 299_792_458 / (64 / 63.8976e9)
        #expect(abs(direct - straightLine - expected) < 0.05, "direct \(direct), straight line \(straightLine), expected +\(expected)")
        #expect(try Self.peak(concrete) > (try Self.number(concrete, "first_path_index")))

        let loss = try Self.document(try CommandRun(["cir", "--scenario", Self.wall, "--format", "json"]))
        #expect(loss["device"] as? String == "meeting-room")
        #expect(abs(try Self.number(loss, "true_first_path_index") - (try Self.number(loss, "straight_line_index"))) < 1e-6)
    }

    @Test("behind a metal fridge no direct path comes through: the true first path is null, and the detected one is late")
    func noDirectPath() throws {
        let run = try CommandRun(["cir", "--scenario", Self.fridge, "--format", "json"])
        let document = try Self.document(run)
        #expect(run.output.contains("\"true_first_path_index\":null"))
        #expect(document["true_first_path_index"] is NSNull)
        let straightLine = try Self.number(document, "straight_line_index")
        // The first path found is the fridge edge's when its weak pulse crosses the threshold (about 0.8
        // taps late; whether it does depends on the frame's noise), else a reflection later still: either
        // way, less the detection's lead on a pulse (`referenceLead`, negative), it arrived after the
        // straight line by more than the detection's scatter within a tap.
        let found = try Self.number(document, "first_path_index")
        #expect(found - PreambleAccumulator.referenceLead > straightLine + 0.25, "found \(found), straight line \(straightLine)")
        let table = try CommandRun(["cir", "--scenario", Self.fridge, "--around", "3"])
        #expect(table.output.contains("true first path none (no direct path came through)"), "\(table.output)")
    }

    @Test("--samples reads those taps, the same as the whole read has there; --around keeps the taps around the first path")
    func partOfTheAccumulator() throws {
        let whole = try Self.document(try CommandRun(["cir", "--scenario", Self.freeSpace, "--format", "json"]))
        let part = try Self.document(try CommandRun(["cir", "--scenario", Self.freeSpace, "--format", "json", "--samples", "730..<770"]))
        #expect(part["first_sample_index"] as? Int == 730)
        let wholeSamples = try #require(whole["samples"] as? [[Int]])
        #expect(part["samples"] as? [[Int]] == Array(wholeSamples[730..<770]))
        #expect(part["first_path_index"] as? Double == whole["first_path_index"] as? Double)
        let around = try Self.document(try CommandRun(["cir", "--scenario", Self.freeSpace, "--format", "json", "--around", "10"]))
        let centre = Int(try Self.number(whole, "first_path_index").rounded(.down))
        #expect(around["first_sample_index"] as? Int == centre - 10)
        #expect(around["samples"] as? [[Int]] == Array(wholeSamples[(centre - 10)...(centre + 10)]))
    }

    @Test("the table marks the taps the first path and the truth fall in; CSV has a line per tap; --output writes the file uwb plot cir draws")
    func tableCSVAndPlot() throws {
        let json = try Self.document(try CommandRun(["cir", "--scenario", Self.freeSpace, "--format", "json", "--around", "5"]))
        let firstPath = try Self.number(json, "first_path_index")
        let table = try CommandRun(["cir", "--scenario", Self.freeSpace, "--around", "5"])
        #expect(table.status == 0, "\(table.error)")
        let lines = table.output.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("bob chip 0, Ipatov accumulator: taps ") == true, "\(lines.first ?? "")")
        #expect(lines.count == 2 + 1 + 11)
        let marked = try #require(lines.first { $0.contains("◀ first path") })
        #expect(marked.trimmingCharacters(in: .whitespaces).hasPrefix("\(Int(firstPath.rounded(.down))) "), "\(marked)")
        #expect(marked.contains(String(format: "first path %.4f", firstPath)))
        #expect(lines.contains { $0.contains("straight line") && $0.contains("◀") })

        let csv = try CommandRun(["cir", "--scenario", Self.freeSpace, "--format", "csv", "--around", "5"])
        let rows = csv.output.split(separator: "\n").map(String.init)
        #expect(rows.first == "index,real,imaginary,magnitude,marker" && rows.count == 12)
        #expect(rows.contains { $0.hasPrefix("\(Int(firstPath.rounded(.down))),") && $0.contains("first_path") })

        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uwb-cir-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("cir.json").path
        let saved = try CommandRun(["cir", "--scenario", Self.freeSpace, "--format", "json", "--output", file])
        #expect(saved.status == 0 && saved.output.isEmpty, "\(saved.error)")
        let svg = directory.appendingPathComponent("cir.svg").path
        let plot = try CommandRun(["plot", "cir", file, "-o", svg])
        #expect(plot.status == 0, "\(plot.error)")
        let figure = try String(contentsOfFile: svg, encoding: .utf8)
        #expect(figure.contains(String(format: "data-name=\"detected first path %.2f\"", firstPath)))
        #expect(figure.contains("data-name=\"true first path ") && figure.contains("data-name=\"threshold "))
    }

    @Test("bad input in a scenario run: each gets a message saying what to change, and nothing is printed")
    func scenarioBadInput() throws {
        let checks: [([String], String)] = [
            (["--device", "carol"], "--device carol: \(Repository.path(Self.freeSpace)) has no such device; its devices are alice, bob"),
            (["--chip", "1"], "--chip 1: bob's board ft232h-dw1000-single has 1 chip; give --chip 0"),
            (["--accumulator", "sts1"], "a DW1000 has only the preamble (Ipatov) accumulator"),
            (["--samples", "1000..<2000"], "--samples 1000..<2000 is not within bob chip 0's Ipatov accumulator, whose taps are 0..<1016"),
            (["--seconds", "0.005"], "bob chip 0 has received no frame, so its accumulator holds no channel impulse response; range longer"),
            (["--samples", "20..<10"], "--samples 20..<10: give LOWER..<UPPER with 0 ≤ LOWER < UPPER"),
            (["--samples", "1..<2", "--around", "3"], "give --samples or --around, not both"),
            (["--around", "-1"], "--around -1: give a number of taps of 0 or more"),
            (["--timeout", "1"], "--timeout applies to a live radio"),
            (["--seconds", "0"], "--seconds 0.0: give a number of seconds above 0"),
            (["--output", "/nonexistent-directory/c.json"], "cannot write /nonexistent-directory/c.json"),
        ]
        for (arguments, message) in checks {
            let run = try CommandRun(["cir", "--scenario", Self.freeSpace] + arguments)
            #expect(run.status != 0, "\(arguments)")
            #expect(run.error.contains(message), "\(arguments): \(run.error)")
            #expect(run.output.isEmpty, "\(arguments)")
        }
        let sts = try CommandRun(["cir", "--scenario", Self.freeSpace, "--accumulator", "sts1"])
        #expect(sts.error.contains("--accumulator ipatov"), "\(sts.error)")
        // A DW3000-family board ranges without an STS in a scenario run: only the Ipatov accumulator fills.
        let noSTS = try CommandRun(["cir", "--scenario", "Docs/scenarios/pdoa-dw3220-bench.json", "--accumulator", "sts1"])
        #expect(noSTS.status == 1)
        #expect(noSTS.error.contains("configured without an STS"), "\(noSTS.error)")
    }

    @Test("a live radio: the first good frame's CIR, from a device of the emulator service, without truth")
    func live() throws {
        let uwb = try #require(BuiltExecutable.path(named: "uwb"), "no uwb executable was built")
        let service = try ServeProcess(uwb: uwb, scenario: "Docs/scenarios/capture-room.json", arguments: ["--speed", "0"])
        defer { _ = service.end(with: SIGTERM) }
        #expect(service.firstLine.hasPrefix("serving sniffer"), "\(service.firstLine)")
        let document = try Self.document(try CommandRun(
            ["cir", "--device", "emulator:sniffer", "--format", "json"], environment: ["UWB_EMULATOR_SOCKET": service.socket]))
        #expect(document["device"] as? String == "emulator:sniffer" && document["chip"] as? Int == 0)
        #expect((document["samples"] as? [Any])?.count == 1016)
        // A board knows nothing of the truth.
        #expect(document["straight_line_index"] == nil && document["true_first_path_index"] == nil && document["threshold"] == nil)
        let firstPath = try Self.number(document, "first_path_index")
        let peak = try Self.peak(document)
        #expect(peak > firstPath && peak < firstPath + 4, "peak \(peak), first path \(firstPath)")

        // Beacons send ten frames a second each: a thousandth frame does not come within half a second.
        let late = try CommandRun(
            ["cir", "--device", "emulator:sniffer", "--frames", "1000", "--timeout", "0.5"], environment: ["UWB_EMULATOR_SOCKET": service.socket])
        #expect(late.status == 1)
        #expect(late.error.contains("--timeout 0.5 s passed on the radio's clock, and emulator:sniffer chip 0 heard"), "\(late.error)")
        #expect(late.error.contains("of the 1000 asked for (--frames)"), "\(late.error)")
        #expect(late.output.isEmpty)
    }

    @Test("a live radio that cannot be opened is refused at once with what to do")
    func liveWithoutRadio() throws {
        let missingSocket = FileManager.default.temporaryDirectory.appendingPathComponent("swift-uwb-cir-\(UUID().uuidString).sock").path
        let run = try CommandRun(["cir", "--device", "emulator:nobody"], environment: ["UWB_EMULATOR_SOCKET": missingSocket])
        #expect(run.status == 1)
        #expect(run.error.contains("Error: UWB_DEVICE=emulator:nobody:") && run.error.contains(missingSocket), "\(run.error)")
        let badDevice = try CommandRun(["cir", "--device", "bluetooth:x"])
        #expect(badDevice.status != 0)
        #expect(badDevice.error.contains("use emulator:NAME"), "\(badDevice.error)")
        let scenarioOption = try CommandRun(["cir", "--device", "emulator:nobody", "--chip", "1"])
        #expect(scenarioOption.status != 0)
        #expect(scenarioOption.error.contains("--chip applies to a --scenario run"), "\(scenarioOption.error)")
    }
}
