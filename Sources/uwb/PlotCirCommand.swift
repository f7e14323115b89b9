import ArgumentParser
import UWBPlot

/// `uwb plot cir FILE -o out.svg`: a channel impulse response from `uwb cir --format json`, with
/// the detected first path and, from a scenario, the true one.
struct PlotCirCommand: PlotSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "cir",
        abstract: "A channel impulse response's magnitude per tap, with the detected first path and the true one.",
        discussion: """
            Reads the output of `uwb cir --format json`. From a scenario run, the emulator's truth is \
            drawn too: the direct path, the straight line between the antennas and the detection's \
            threshold. See Docs/cir.md.
            """)

    @Argument(help: "The output of `uwb cir --format json`.")
    var file: String

    @Option(parsing: .unconditional, help: "Draw only the taps within this many of the detected first path's (default: every tap in the file).")
    var around: Int?

    @OptionGroup var output: PlotOutputOptions

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func validate() throws {
        if let around, around < 0 {
            throw ValidationError("--around \(around): give a number of taps of 0 or more either side of the first path")
        }
    }

    func makeFigure() throws(PlotError) -> Figure {
        try CIRFigure.make(try PlotInput.load(file).impulseResponse(figure: "cir", path: file), source: file, around: around)
    }
}
