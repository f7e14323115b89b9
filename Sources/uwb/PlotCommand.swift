import ArgumentParser
import UWBPlot

/// `uwb plot`: SVG figures of a run, a trace, a scenario's room, phase samples or a channel impulse
/// response (`Docs/plots.md`).
struct PlotCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Draw SVG figures of a run, a trace, a scenario's room, PDoA samples or a CIR.",
        discussion: """
            The kind of each input file is read from its content: the JSON lines of `uwb range \
            --format jsonl` or `uwb demo --format jsonl`, the samples of `uwb calibrate pdoa \
            --samples`, a pcapng trace written with --trace, a scenario, or the output of `uwb cir \
            --format json`. See Docs/plots.md.
            """,
        subcommands: [
            PlotDistanceCommand.self, PlotErrorCommand.self, PlotRoomCommand.self, PlotPDoACommand.self, PlotTraceCommand.self,
            PlotCirCommand.self,
        ])
}

/// The output options every `uwb plot` figure takes.
struct PlotOutputOptions: ParsableArguments {
    @Option(name: [.customShort("o"), .long], help: "The SVG file to write.")
    var output: String

    @Flag(help: "Also write a PNG beside the SVG (needs rsvg-convert, inkscape or ImageMagick's convert on PATH).")
    var png = false

    /// Writes `figure` to ``output`` and, with ``png``, a PNG beside it; says where on standard error.
    ///
    /// - Throws: `ValidationError` with the writer's or converter's message.
    func write(_ figure: Figure) throws {
        try PlotFailure.reporting { () throws(PlotError) in
            try FigureFile.write(figure, to: output)
            StandardError.line("wrote \(output)")
            guard png else { return }
            guard let converter = PNGConverter.find() else {
                throw PlotError.noConverter(svgPath: output, tried: PNGConverter.tools)
            }
            let pngPath = FigureFile.pngPath(for: output)
            try converter.convert(svg: output, png: pngPath)
            StandardError.line("wrote \(pngPath) (\(converter.tool))")
        }
    }
}

/// Turns a ``PlotError`` into the `ValidationError` the other commands report their input's
/// problems with.
enum PlotFailure {
    /// Runs `body`, reporting a ``PlotError`` it throws as a `ValidationError` with its message.
    static func reporting<Result>(_ body: () throws(PlotError) -> Result) throws -> Result {
        do {
            return try body()
        } catch {
            throw ValidationError(error.description)
        }
    }
}
