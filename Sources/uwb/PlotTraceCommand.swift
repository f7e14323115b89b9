import ArgumentParser
import UWBPlot

/// `uwb plot trace FILE.pcapng -o out.svg`: each frame's received level over time, per receiver.
struct PlotTraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "The received level of each frame of a pcapng trace over time, per receiver.")

    @Argument(help: "A pcapng trace written with --trace FILE.")
    var file: String

    @OptionGroup var output: PlotOutputOptions

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func run() throws {
        logging.start()
        let figure = try PlotFailure.reporting { () throws(PlotError) -> Figure in
            try TraceFigure.make(try PlotInput.load(file).traceRecords(figure: "trace", path: file), source: file)
        }
        try output.write(figure)
    }
}
