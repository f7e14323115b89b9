import Foundation
import Testing
import UWBCore
import UWBPlot

/// `uwb plot cir`: a `uwb cir --format json` document is recognised by its kind marker, read, and
/// drawn with its markers where the document puts them; a document missing a field is refused
/// naming the field.
@Suite("CIR figure")
struct CIRFigureTests {
    /// A response of 100 taps from tap 700: noise of ±3 everywhere, a pulse rising from tap 745
    /// to its peak at 748. With `truth`, the emulator's fields: straight line 746.5, direct path
    /// 747.75 (or `null`), threshold 300, noise 20.
    static func document(truth: Bool = true, direct: String = "747.750000", firstPath: String = "745.250000") -> String {
        let samples = (700..<800).map { tap -> String in
            let pulse = max(0, 1000 - 250 * abs(tap - 748))
            return "[\(pulse + (tap % 7) - 3),\(tap % 5 - 2)]"
        }
        let truthFields = truth
            ? "\"straight_line_index\":746.500000,\"true_first_path_index\":\(direct),\"threshold\":300.000,\"noise\":20.000,"
            : ""
        return "{\"kind\":\"uwb-cir\",\"device\":\"bob\",\"chip\":0,\"accumulator\":\"ipatov\",\"tap_spacing_ns\":1.001603,"
            + "\"accumulator_length\":1016,\"first_sample_index\":700,\"first_path_index\":\(firstPath),\"preamble_symbols\":118,"
            + truthFields + "\"samples\":[\(samples.joined(separator: ","))]}"
    }

    /// `text` read as the file `cir.json`.
    static func read(_ text: String) throws(PlotError) -> CIRDocument {
        try PlotInput.parse(Data(text.utf8), path: "cir.json").impulseResponse(figure: "cir", path: "cir.json")
    }

    /// The message of the error reading `text` throws.
    static func message(_ text: String) -> String {
        do {
            _ = try read(text)
            return "no error"
        } catch {
            return error.description
        }
    }

    /// The data coordinates of the points of the polyline of series `name`, through the axes' ticks.
    static func line(_ name: String, in tree: SVGTree) throws -> [(x: Double, y: Double)] {
        let polyline = try #require(tree.series(name)?.children.first { $0.name == "polyline" }, "no series \(name)")
        let points = try #require(polyline.attributes["points"]).split(separator: " ")
        return try points.map { pair in
            let parts = pair.split(separator: ",").compactMap { Double($0) }
            try #require(parts.count == 2)
            return (try #require(tree.value(atPosition: parts[0], axis: "x-axis")), try #require(tree.value(atPosition: parts[1], axis: "y-axis")))
        }
    }

    @Test("the document is recognised by its kind marker and read field by field")
    func reads() throws {
        let input = try PlotInput.parse(Data(Self.document().utf8), path: "cir.json")
        #expect(input.kind == .impulseResponse)
        let document = try Self.read(Self.document())
        #expect(document.device == "bob" && document.chip == 0 && document.accumulator == .preamble)
        #expect(document.sampleIndices == 700..<800)
        #expect(document.samples[48] == ImpulseResponseSample(real: 1000 + 748 % 7 - 3, imaginary: 748 % 5 - 2))
        #expect(document.firstPathIndex == 745.25 && document.preambleSymbols == 118 && document.accumulatorLength == 1016)
        #expect(document.truth == CIRTruth(straightLineIndex: 746.5, directPathIndex: 747.75, threshold: 300, noise: 20))
        // Laid out over many lines, it is the same document.
        let spread = Self.document().replacingOccurrences(of: ",\"", with: ",\n  \"")
        #expect(try Self.read(spread) == document)
    }

    @Test("the figure: magnitude per tap, vertical lines at the detected, true and straight-line indices, the threshold across")
    func markers() throws {
        let document = try Self.read(Self.document())
        let tree = try SVGTree(FigureRenderer.svg(try CIRFigure.make(document, source: "cir.json")))
        // The detected and the true first path are drawn last, on top of the others.
        #expect(tree.legendNames == [
            "magnitude", "threshold 300.0", "straight line 746.50", "true first path 747.75", "detected first path 745.25",
        ])
        for (name, index) in [("detected first path 745.25", 745.25), ("true first path 747.75", 747.75), ("straight line 746.50", 746.5)] {
            let points = try Self.line(name, in: tree)
            #expect(points.count == 2)
            for point in points {
                #expect(abs(point.x - index) < 0.01, "\(name): \(point)")
            }
            // From the axis up to the peak's height.
            #expect(abs(points[0].y) < 1 && abs(points[1].y - (document.samples.map(\.magnitude).max() ?? 0)) < 2)
        }
        let threshold = try Self.line("threshold 300.0", in: tree)
        #expect(threshold.allSatisfy { abs($0.y - 300) < 1 })
        #expect(abs(threshold[0].x - 700) < 0.01 && abs(threshold[1].x - 799) < 0.01)
        // The magnitude line has a point per tap, at its index; its highest is the peak at 748.
        let magnitude = try Self.line("magnitude", in: tree)
        #expect(magnitude.count == 100)
        #expect(abs(magnitude[0].x - 700) < 0.01 && abs(magnitude[99].x - 799) < 0.01)
        let highest = try #require(magnitude.max { $0.y < $1.y })
        #expect(abs(highest.x - 748) < 0.01)
    }

    @Test("from a live radio only the detected first path is marked; without a direct path the caption says so")
    func withoutTruth() throws {
        let live = try CIRFigure.make(try Self.read(Self.document(truth: false)), source: "cir.json")
        #expect(live.series.map(\.name) == ["magnitude", "detected first path 745.25"])
        let blocked = try CIRFigure.make(try Self.read(Self.document(direct: "null")), source: "cir.json")
        #expect(blocked.series.map(\.name) == ["magnitude", "threshold 300.0", "straight line 746.50", "detected first path 745.25"])
        #expect(blocked.caption.contains("no direct path came through"), "\(blocked.caption)")
    }

    @Test("a marker outside the taps drawn is left out and named in the caption")
    func outside() throws {
        let figure = try CIRFigure.make(try Self.read(Self.document(truth: false, firstPath: "850.000000")), source: "cir.json")
        #expect(figure.series.map(\.name) == ["magnitude"])
        #expect(figure.caption.contains("detected first path at 850.00 lies outside the taps drawn"), "\(figure.caption)")
    }

    @Test("--around draws only the taps near the detected first path; a response without one cannot be drawn around it")
    func around() throws {
        let figure = try CIRFigure.make(try Self.read(Self.document()), source: "cir.json", around: 2)
        #expect(figure.series.first?.points.map(\.x) == [743, 744, 745, 746, 747])
        #expect(figure.series.map(\.name) == ["magnitude", "threshold 300.0", "straight line 746.50", "detected first path 745.25"])
        #expect(figure.caption.hasPrefix("taps 743..<748 from cir.json"), "\(figure.caption)")
        #expect(figure.caption.contains("true first path at 747.75 lies outside the taps drawn"), "\(figure.caption)")
        let noFirstPath = try Self.read(Self.document(firstPath: "null"))
        #expect(throws: PlotError.nothingToPlot(
            path: "cir.json", what: "the response has no detected first path to draw the taps around; leave --around out")) {
            _ = try CIRFigure.make(noFirstPath, source: "cir.json", around: 2)
        }
    }

    @Test("a document missing a field, or with one of the wrong shape, is refused naming the field")
    func missingFields() {
        let document = Self.document()
        let withoutSamples = document.replacing(#/,"samples":\[.*\]\}$/#, with: "}")
        #expect(Self.message(withoutSamples) == "cir.json: line 1: samples: missing; this key is required")
        let withoutDevice = document.replacingOccurrences(of: "\"device\":\"bob\",", with: "")
        #expect(Self.message(withoutDevice) == "cir.json: line 1: device: missing; this key is required")
        let withoutThreshold = document.replacingOccurrences(of: "\"threshold\":300.000,", with: "")
        #expect(Self.message(withoutThreshold) == "cir.json: line 1: threshold: missing; this key is required")
        let badSample = document.replacingOccurrences(of: "\"samples\":[[", with: "\"samples\":[[1],[")
        #expect(Self.message(badSample) == "cir.json: line 1: samples[0]: expected 2 whole numbers [real, imaginary], got 1")
        let badAccumulator = document.replacingOccurrences(of: "\"ipatov\"", with: "\"sts9\"")
        #expect(Self.message(badAccumulator).hasPrefix("cir.json: line 1: accumulator: \"sts9\" is not supported; use \"ipatov\""))
        #expect(Self.message(document + "\n" + document) == "cir.json: line 2: a `uwb cir --format json` document is one JSON object, "
            + "but more follows it; give one response per file")
        let empty = document.replacing(#/"samples":\[.*\]\}$/#, with: "\"samples\":[]}")
        #expect(throws: PlotError.nothingToPlot(
            path: "cir.json", what: "the response has no samples; read one with `uwb cir --format json`")) {
            _ = try CIRFigure.make(try Self.read(empty), source: "cir.json")
        }
    }

    @Test("the wrong kind for each figure says what the file is and what the figure needs")
    func wrongKind() throws {
        let input = try PlotInput.parse(Data(Self.document().utf8), path: "cir.json")
        #expect(throws: PlotError.wrongKind(
            path: "cir.json", found: .impulseResponse, figure: "distance",
            needed: "the JSON lines of `uwb range --format jsonl` or `uwb demo --format jsonl`")) {
            _ = try input.distances(figure: "distance", path: "cir.json")
        }
        let run = try Fixtures.input(Fixtures.rangeLines(count: 2).joined(separator: "\n"))
        #expect(throws: PlotError.wrongKind(
            path: "run.jsonl", found: .rangeLines, figure: "cir", needed: "the output of `uwb cir --format json`")) {
            _ = try run.impulseResponse(figure: "cir", path: "run.jsonl")
        }
        #expect(PlotError.wrongKind(path: "run.jsonl", found: .rangeLines, figure: "cir", needed: "the output of `uwb cir --format json`")
            .description == "run.jsonl: this is `uwb range --format jsonl` output; `uwb plot cir` needs the output of `uwb cir --format json`")
    }
}
