import ArgumentParser
import UWBPlot

/// A `uwb plot` subcommand: it declares its inputs, the output and logging options, and how its
/// figure is made; running is the same for all (start logging, make the figure, reporting what is
/// wrong with the input, write it).
protocol PlotSubcommand: ParsableCommand {
    /// Where and how the figure is written.
    var output: PlotOutputOptions { get }
    /// `--log-level`: how much the libraries log on standard error.
    var logging: LoggingOptions { get }

    /// The figure, from the command's input files.
    func makeFigure() throws(PlotError) -> Figure
}

extension PlotSubcommand {
    func run() throws {
        logging.start()
        let figure = try PlotFailure.reporting { () throws(PlotError) -> Figure in try makeFigure() }
        try output.write(figure)
    }
}
