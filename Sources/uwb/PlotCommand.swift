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
    @Option(
        name: [.customShort("o"), .long],
        help: "The SVG file to write; a name ending in .png writes the SVG beside it and converts it, as --png does.")
    var output: String

    @Flag(help: "Also write a PNG beside the SVG (needs rsvg-convert, inkscape or ImageMagick's convert on PATH).")
    var png = false

    /// Writes `figure` as SVG and, with ``png`` or an ``output`` ending in `.png`, a PNG beside it; says
    /// where on standard error. A `.png` output with no converter on `PATH` writes nothing: an SVG in a
    /// file named `.png` would mislead whatever opens it.
    ///
    /// - Throws: `ValidationError` with the writer's or converter's message.
    func write(_ figure: Figure) throws {
        try PlotFailure.reporting { () throws(PlotError) in
            let asksForPNG = output.lowercased().hasSuffix(".png")
            let svgPath = asksForPNG ? String(output.dropLast(4)) + ".svg" : output
            let converter = PNGConverter.find()
            if asksForPNG, converter == nil {
                throw PlotError.noConverterForPNG(pngPath: output, tried: PNGConverter.tools)
            }
            try FigureFile.write(figure, to: svgPath)
            StandardError.line("wrote \(svgPath)")
            guard png || asksForPNG else { return }
            guard let converter else { throw PlotError.noConverter(svgPath: svgPath, tried: PNGConverter.tools) }
            let pngPath = FigureFile.pngPath(for: svgPath)
            try converter.convert(svg: svgPath, png: pngPath)
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
