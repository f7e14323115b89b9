import ArgumentParser
import UWBPlot

/// `uwb plot trace FILE.pcapng -o out.svg`: each frame's received level over time, per receiver.
struct PlotTraceCommand: PlotSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "The received level of each frame of a pcapng trace over time, per receiver.")

    @Argument(help: "A pcapng trace written with --trace FILE.")
    var file: String

    @OptionGroup var output: PlotOutputOptions

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func makeFigure() throws(PlotError) -> Figure {
        try TraceFigure.make(try PlotInput.load(file).traceRecords(figure: "trace", path: file), source: file)
    }
}
