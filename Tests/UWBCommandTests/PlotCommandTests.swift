import Foundation
import Testing
import UWBTestSupport

/// `uwb plot` end to end: a run's JSON lines become an SVG file, a file of the wrong kind is refused.
@Suite("uwb plot")
struct PlotCommandTests {
    /// Calls `body` with a scratch directory, removed afterwards.
    static func inDirectory(_ body: (URL) throws -> Void) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("uwb-plot-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try body(directory)
    }

    @Test("uwb range's JSON lines become distance and error figures; the room of its scenario too")
    func rangeRun() throws {
        try Self.inDirectory { directory in
            let range = try CommandRun(["range", "--scenario", "Docs/scenarios/two-devices-3m.json", "--duration", "1", "--format", "jsonl"])
            #expect(range.status == 0, "\(range.error)")
            let lines = directory.appendingPathComponent("run.jsonl")
            try Data(range.output.utf8).write(to: lines)
            for figure in ["distance", "error"] {
                let svg = directory.appendingPathComponent("\(figure).svg").path
                let run = try CommandRun(["plot", figure, lines.path, "-o", svg])
                #expect(run.status == 0, "\(run.error)")
                #expect(run.output.isEmpty)
                #expect(run.error.contains("wrote \(svg)"))
                let text = try String(contentsOfFile: svg, encoding: .utf8)
                #expect(text.contains("<svg") && text.contains("class=\"series\""))
            }
            let room = directory.appendingPathComponent("room.svg").path
            let run = try CommandRun(["plot", "room", "--scenario", "Docs/scenarios/two-devices-3m.json", "--run", lines.path, "-o", room])
            #expect(run.status == 0, "\(run.error)")
            #expect(FileManager.default.fileExists(atPath: room))
        }
    }

    @Test("a file of the wrong kind is refused with what it is and what the figure needs, and nothing is written")
    func wrongKind() throws {
        try Self.inDirectory { directory in
            let svg = directory.appendingPathComponent("out.svg").path
            let run = try CommandRun(["plot", "pdoa", "Docs/scenarios/office-wall.json", "-o", svg])
            #expect(run.status != 0)
            #expect(run.error.contains("this is a scenario; `uwb plot pdoa` needs the samples of `uwb calibrate pdoa --samples`"), "\(run.error)")
            #expect(!FileManager.default.fileExists(atPath: svg))
        }
    }

    @Test("-o x.png without a converter on PATH writes nothing and says what to install or give instead")
    func pngOutputWithoutConverter() throws {
        try Self.inDirectory { directory in
            let png = directory.appendingPathComponent("room.png").path
            let run = try CommandRun(
                ["plot", "room", "--scenario", "Docs/scenarios/two-devices-3m.json", "-o", png],
                environment: ["PATH": directory.path])
            #expect(run.status != 0)
            #expect(run.error.contains(
                "\(png): a PNG needs one of rsvg-convert, inkscape, convert on PATH, and none is there; nothing was written."), "\(run.error)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        }
    }

    @Test("-o x.png with a converter on PATH writes x.svg and converts it into x.png")
    func pngOutputWithConverter() throws {
        try Self.inDirectory { directory in
            // A stand-in rsvg-convert: it writes the PNG signature to the file after --output.
            let tools = directory.appendingPathComponent("bin")
            try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
            let tool = tools.appendingPathComponent("rsvg-convert")
            try Data("""
                #!/bin/sh
                while [ "$1" != "--output" ]; do shift; done
                printf '\\211PNG\\r\\n\\032\\n' > "$2"
                """.utf8).write(to: tool)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: tool.path)
            let png = directory.appendingPathComponent("room.png").path
            let svg = directory.appendingPathComponent("room.svg").path
            let run = try CommandRun(
                ["plot", "room", "--scenario", "Docs/scenarios/two-devices-3m.json", "-o", png], environment: ["PATH": tools.path])
            #expect(run.status == 0, "\(run.error)")
            #expect(run.error.contains("wrote \(svg)") && run.error.contains("wrote \(png) (rsvg-convert)"), "\(run.error)")
            #expect(try String(contentsOfFile: svg, encoding: .utf8).contains("<svg"))
            #expect(try Data(contentsOf: URL(fileURLWithPath: png)).prefix(4) == Data([0x89, 0x50, 0x4E, 0x47]))
        }
    }

    @Test("a bad line is named by its number")
    func badLine() throws {
        try Self.inDirectory { directory in
            let file = directory.appendingPathComponent("bad.jsonl")
            try Data("{\"t\":1,\"from\":\"a\",\"to\":\"b\",\"distance_m\":1,\"true_distance_m\":1}\n\n42\n".utf8).write(to: file)
            let run = try CommandRun(["plot", "distance", file.path, "-o", directory.appendingPathComponent("o.svg").path])
            #expect(run.status != 0)
            #expect(run.error.contains("\(file.path): line 3: not a JSON object but a number"), "\(run.error)")
        }
    }
}
