import ArgumentParser
import UWBPlot

/// `uwb plot error FILE -o out.svg`: the histogram of measured − true distance.
struct PlotErrorCommand: PlotSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "error",
        abstract: "A histogram of measured − true distance, with its count, median and 95th percentile.")

    @Argument(help: "The JSON lines of `uwb range --format jsonl` or `uwb demo --format jsonl`.")
    var file: String

    @OptionGroup var output: PlotOutputOptions

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func makeFigure() throws(PlotError) -> Figure {
        try ErrorFigure.make(try PlotInput.load(file).distances(figure: "error", path: file), source: file)
    }
}
