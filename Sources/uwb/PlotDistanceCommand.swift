import ArgumentParser
import UWBPlot

/// `uwb plot distance FILE -o out.svg`: distance and true distance against time, per pair.
struct PlotDistanceCommand: PlotSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "distance",
        abstract: "Distance and true distance against time, one colour per device → peer pair.")

    @Argument(help: "The JSON lines of `uwb range --format jsonl` or `uwb demo --format jsonl`.")
    var file: String

    @OptionGroup var output: PlotOutputOptions

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func makeFigure() throws(PlotError) -> Figure {
        try DistanceFigure.make(try PlotInput.load(file).distances(figure: "distance", path: file), source: file)
    }
}
