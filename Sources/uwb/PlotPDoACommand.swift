import ArgumentParser
import UWBPlot

/// `uwb plot pdoa FILE [--scenario FILE] -o out.svg`: phase difference against true angle.
struct PlotPDoACommand: PlotSubcommand {
    static let configuration = CommandConfiguration(
        commandName: "pdoa",
        abstract: "Phase difference of arrival (and corrected) against the true angle, per device and chip.",
        discussion: """
            With --scenario, the analytic curve 2π·d·sinθ/λ of each chip is drawn too: d from the \
            board's antenna positions, λ from the scenario's channel.
            """)

    @Argument(help: "The samples of `uwb calibrate pdoa --samples FILE` (JSON lines).")
    var file: String

    @Option(help: "The scenario the samples come from, for the analytic curves.")
    var scenario: String?

    @OptionGroup var output: PlotOutputOptions

    /// `--log-level`: how much the libraries log on standard error.
    @OptionGroup var logging: LoggingOptions

    func makeFigure() throws(PlotError) -> Figure {
        let samples = try PlotInput.load(file).pdoaSamples(figure: "pdoa", path: file)
        let curves = try scenario.map { path throws(PlotError) in
            AnalyticPDoA.curves(in: try PlotInput.load(path).scenario(figure: "pdoa --scenario", path: path))
        }
        return try PDoAFigure.make(samples, source: file, analytic: curves ?? [])
    }
}
