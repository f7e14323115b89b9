import Foundation
import Testing
import UWBEmulator
import UWBPlot
import UWBTestSupport

/// Every file `uwb plot` cannot use gets a message naming the file, the line and the problem, never a crash.
@Suite("Bad input to uwb plot")
struct BadInputTests {
    /// The message of the error that parsing `text` as a file named `name` throws.
    static func message(_ text: String, name: String = "in.jsonl") -> String {
        do {
            _ = try Fixtures.input(text, name: name)
            return "no error"
        } catch {
            return error.description
        }
    }

    /// The message of the error `body` throws.
    static func message(_ body: () throws(PlotError) -> Void) -> String {
        do {
            try body()
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test("an empty file, or one of blank lines")
    func empty() {
        #expect(Self.message("").hasPrefix("in.jsonl: the file is empty; give the JSON lines of `uwb range --format jsonl`"))
        #expect(Self.message("\n  \n").hasPrefix("in.jsonl: the file is empty"))
    }

    @Test("a line that is not a JSON object names its number")
    func badLine() {
        let lines = Fixtures.rangeLines(count: 2) + ["[1, 2]"] + Fixtures.rangeLines(count: 1)
        #expect(Self.message(lines.joined(separator: "\n")) == "in.jsonl: line 3: not a JSON object but an array")
        let broken = Fixtures.rangeLines(count: 2) + ["{\"t\": 1,"]
        #expect(Self.message(broken.joined(separator: "\n")).hasPrefix("in.jsonl: line 3: not a JSON object: not valid JSON"))
        #expect(Self.message("hello").hasPrefix("in.jsonl: line 1: not a JSON object: not valid JSON"))
    }

    @Test("a field of the wrong type or missing names the line and the field")
    func badField() {
        var lines = Fixtures.rangeLines(count: 3)
        lines[1] = lines[1].replacingOccurrences(of: "\"distance_m\":2.0100", with: "\"distance_m\":\"far\"")
        #expect(Self.message(lines.joined(separator: "\n")) == "in.jsonl: line 2: distance_m: expected a number, got a string (\"far\")")
        let demoWithoutTime = Fixtures.demoLine.replacingOccurrences(of: "\"t\":3.250000,", with: "")
        #expect(Self.message(Fixtures.demoLine + "\n" + demoWithoutTime) == "in.jsonl: line 2: t: missing; this key is required")
    }

    @Test("JSON of no kind uwb plot reads")
    func unknownKind() {
        #expect(Self.message("{\"a\": 1}\n").hasPrefix("in.jsonl: line 1: a JSON object with keys a, of no kind `uwb plot` reads; `uwb plot` reads"))
        #expect(Self.message { () throws(PlotError) in _ = try PlotInput.parse(Data([0xFF, 0xFE, 0x00]), path: "b.bin") }
            .hasPrefix("b.bin: line 1: neither text (UTF-8) nor a pcapng trace"))
    }

    @Test("a file of the wrong kind for the figure says what it is and what the figure needs")
    func wrongKind() throws {
        let demo = try Fixtures.input(Fixtures.demoLine)
        #expect(Self.message { () throws(PlotError) in _ = try demo.pdoaSamples(figure: "pdoa", path: "demo.jsonl") }
            == "demo.jsonl: this is `uwb demo --format jsonl` output; `uwb plot pdoa` needs the samples of `uwb calibrate pdoa --samples`")
        let samples = try PlotInput.load(Fixtures.pdoaSamplesPath)
        #expect(Self.message { () throws(PlotError) in _ = try samples.distances(figure: "distance", path: "s.jsonl") }
            == "s.jsonl: this is the samples of `uwb calibrate pdoa --samples`; `uwb plot distance` needs the JSON lines of "
            + "`uwb range --format jsonl` or `uwb demo --format jsonl`")
        let scenario = try PlotInput.load(Repository.path("Docs/scenarios/office-wall.json"), boardSearchPaths: [Repository.boardsDirectory])
        #expect(scenario.kind == .scenario)
        #expect(Self.message { () throws(PlotError) in _ = try scenario.traceRecords(figure: "trace", path: "o.json") }
            .hasPrefix("o.json: this is a scenario; `uwb plot trace` needs a pcapng trace"))
    }

    @Test("a scenario with an error is reported as the scenario loader reports it")
    func badScenario() {
        let text = "{\n  \"name\": \"s\",\n  \"devices\": []\n}\n"
        #expect(Self.message(text, name: "s.json") == "s.json: devices: empty; a scenario needs at least one device")
    }

    @Test("a scenario on one line reads as on many; with another line after it, the loader's JSON error names the file")
    func oneLineScenario() throws {
        let text = try String(contentsOfFile: Repository.path("Docs/scenarios/office-wall.json"), encoding: .utf8)
        let oneLine = text.split(separator: "\n").joined(separator: " ")
        let many = try Fixtures.input(text, name: "o.json").scenario(figure: "room", path: "o.json")
        #expect(try Fixtures.input(oneLine + "\n\n", name: "o.json").scenario(figure: "room", path: "o.json") == many)
        let message = Self.message(oneLine + "\n{}\n", name: "o.json")
        #expect(message.hasPrefix("o.json: ") && message.contains("JSON"), "\(message)")
    }

    @Test("a truncated pcapng trace names the offset")
    func truncatedTrace() throws {
        let writer = PcapngWriter()
        try writer.append(TraceRecord(time: 0, frame: [1, 2, 3], sender: "a", receptions: []))
        let bytes = Array(writer.bytes.dropLast(6))
        let message = Self.message { () throws(PlotError) in _ = try PlotInput.parse(Data(bytes), path: "t.pcapng") }
        #expect(message.hasPrefix("t.pcapng: pcapng input is truncated"))
    }

    @Test("a file that cannot be read, and a figure that cannot be written")
    func files() {
        #expect(Self.message { () throws(PlotError) in _ = try PlotInput.load("/nonexistent/run.jsonl") }
            == "cannot read /nonexistent/run.jsonl: No such file or directory; check the path")
        let figure = Figure(title: "t", xAxis: Axis(title: "x"), yAxis: Axis(title: "y"))
        #expect(Self.message { () throws(PlotError) in try FigureFile.write(figure, to: "/nonexistent/dir/out.svg") }
            .hasPrefix("cannot write /nonexistent/dir/out.svg: "))
    }

    @Test("nothing to draw: no distances, no errors, no samples")
    func nothingToPlot() throws {
        let waiting = "{\"t\":0.1,\"device\":\"a\",\"peer\":\"b\",\"state\":\"waiting\",\"reason\":null,"
            + "\"distance\":null,\"direction\":null,\"horizontal_angle\":null,\"true_distance\":null}"
        let samples = try Fixtures.input(waiting).distances(figure: "distance", path: "w")
        #expect(Self.message { () throws(PlotError) in _ = try DistanceFigure.make(samples, source: "w") }
            == "w: no line has a distance or a true distance; nothing to draw")
        #expect(Self.message { () throws(PlotError) in _ = try ErrorFigure.make(samples, source: "w") }
            .hasPrefix("w: no line has both a measured and a true distance"))
        #expect(Self.message { () throws(PlotError) in _ = try PDoAFigure.make([], source: "p") }.hasPrefix("p: no samples"))
    }

    @Test("no PNG converter on PATH is found as none")
    func noConverter() {
        #expect(PNGConverter.find(searchPath: "/nonexistent") == nil)
        #expect(PlotError.noConverter(svgPath: "o.svg", tried: PNGConverter.tools).description
            == "wrote o.svg, but no PNG: none of rsvg-convert, inkscape, convert is on PATH; install one (Debian: apt-get install librsvg2-bin) or open the SVG in a browser")
    }
}
