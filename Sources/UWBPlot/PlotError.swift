import UWBCore
import UWBEmulator

/// Why `uwb plot` could not draw a figure. Every message names the file, and the line where
/// there is one, and says what to give instead.
public enum PlotError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The input file could not be read.
    case cannotRead(FileReadError)
    /// The input file is empty or only white space.
    case empty(path: String)
    /// A line of a JSON-lines file is not what its kind needs: not JSON, not an object, a field
    /// missing or of the wrong type (`reason`).
    case badLine(path: String, line: Int, reason: String)
    /// The file is JSON, but of no kind `uwb plot` reads.
    case unknownKind(path: String, line: Int, reason: String)
    /// The file is of a kind (`found`) that the figure cannot use; `needed` says what it needs.
    case wrongKind(path: String, found: PlotInputKind, figure: String, needed: String)
    /// A pcapng trace that the reader refused.
    case trace(path: String, error: TraceError)
    /// A scenario that the loader refused.
    case scenario(ScenarioError)
    /// The input holds nothing this figure can draw; `what` says what it lacks.
    case nothingToPlot(path: String, what: String)
    /// The figure could not be written.
    case cannotWrite(path: String, reason: String)
    /// `--png` was asked for, but none of the converters is on `PATH`.
    case noConverter(svgPath: String, tried: [String])
    /// `-o` named a PNG file, but none of the converters is on `PATH`: nothing was written.
    case noConverterForPNG(pngPath: String, tried: [String])
    /// A converter ran but failed.
    case converterFailed(tool: String, status: Int32, message: String)

    /// What is wrong and what to do.
    public var description: String {
        switch self {
        case .cannotRead(let error):
            error.description
        case .empty(let path):
            "\(path): the file is empty; give the JSON lines of `uwb range --format jsonl` or `uwb demo --format jsonl`, "
                + "a trace written with --trace, a scenario, the samples of `uwb calibrate pdoa --samples`, or `uwb cir --format json` output"
        case .badLine(let path, let line, let reason):
            "\(path): line \(line): \(reason)"
        case .unknownKind(let path, let line, let reason):
            "\(path): line \(line): \(reason); `uwb plot` reads the JSON lines of `uwb range --format jsonl`, "
                + "`uwb demo --format jsonl` and `uwb calibrate pdoa --samples`, pcapng traces, scenarios and `uwb cir --format json` output"
        case .wrongKind(let path, let found, let figure, let needed):
            "\(path): this is \(found); `uwb plot \(figure)` needs \(needed)"
        case .trace(let path, let error):
            "\(path): \(error)"
        case .scenario(let error):
            error.description
        case .nothingToPlot(let path, let what):
            "\(path): \(what)"
        case .cannotWrite(let path, let reason):
            "cannot write \(path): \(reason); check that the directory exists and is writable"
        case .noConverter(let svgPath, let tried):
            "wrote \(svgPath), but no PNG: none of \(tried.joined(separator: ", ")) is on PATH; "
                + "install one (Debian: apt-get install librsvg2-bin) or open the SVG in a browser"
        case .noConverterForPNG(let pngPath, let tried):
            "\(pngPath): a PNG needs one of \(tried.joined(separator: ", ")) on PATH, and none is there; nothing was written. "
                + "Install one (Debian: apt-get install librsvg2-bin), or give -o with a .svg name for the SVG alone"
        case .converterFailed(let tool, let status, let message):
            "\(tool) failed with status \(status): \(message)"
        }
    }
}
